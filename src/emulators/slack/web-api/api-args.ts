import { SlackApiError } from '../errors.js';

/** Typed reads over Web API arguments, which arrive as JSON values or form-encoded strings. */
export class ApiArgs {
  constructor(readonly raw: Record<string, unknown>) {}

  str(name: string): string | undefined {
    const v = this.raw[name];
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return undefined;
  }

  /** A required non-empty string; `code` is the error Slack gives when it is missing. */
  need(name: string, code = 'invalid_arguments'): string {
    const v = this.str(name);
    if (v === undefined || v === '') {
      throw new SlackApiError(code, code === 'invalid_arguments' ? { messages: [`missing required field: ${name}`] } : {});
    }
    return v;
  }

  bool(name: string): boolean {
    const v = this.raw[name];
    return v === true || v === 'true' || v === '1' || v === 1;
  }

  int(name: string): number | undefined {
    const v = this.str(name);
    if (v === undefined || v === '') return undefined;
    const n = Number.parseInt(v, 10);
    return Number.isNaN(n) ? undefined : n;
  }

  has(name: string): boolean {
    const v = this.raw[name];
    return v !== undefined && v !== null && v !== '';
  }

  value(name: string): unknown {
    return this.raw[name];
  }
}
