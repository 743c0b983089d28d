/**
 * Field readers that collect every invalid input of a request and then fail once with a 422
 * whose body mirrors FastAPI/pydantic: `{"detail": [{loc, msg, type, input}]}`.
 */
import { ValidationError, type ValidationIssue } from './http-errors.js';

export type Where = 'body' | 'query' | 'path';

interface Common {
  required?: boolean;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
/** `<MARKET>:<code>` as the interface shapes it. */
const SYMBOL_RE = /^(?:(?:SH|SZ):\d{6}|HK:\d{4,5}|US:[A-Z][A-Z.-]{0,9})$/;

export function isValidDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

export function isValidDatetime(text: string): boolean {
  if (!DATETIME_RE.test(text)) return false;
  if (!isValidDate(text.slice(0, 10))) return false;
  if (text.length === 10) return true;
  const [h, m, s] = text.slice(11).split(':').map(Number);
  return (h ?? 99) < 24 && (m ?? 99) < 60 && (s ?? 99) < 60;
}

export function isValidSymbol(text: string): boolean {
  return SYMBOL_RE.test(text);
}

const enumMsg = (values: readonly string[]): string => {
  const quoted = values.map((v) => `'${v}'`);
  return `Input should be ${quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1] ?? ''}` : (quoted[0] ?? '')}`;
};

export class FieldReader {
  readonly issues: ValidationIssue[] = [];

  constructor(
    private readonly source: Record<string, unknown>,
    private readonly where: Where,
  ) {}

  static forBody(body: unknown, opts: { required?: boolean } = {}): FieldReader {
    if (body === undefined) {
      const reader = new FieldReader({}, 'body');
      if (opts.required) reader.issue([], 'Field required', 'missing', null);
      return reader;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      const reader = new FieldReader({}, 'body');
      reader.issue([], 'Input should be a valid dictionary or object to extract fields from', 'model_attributes_type', body);
      return reader;
    }
    return new FieldReader(body as Record<string, unknown>, 'body');
  }

  issue(path: Array<string | number>, msg: string, type: string, input: unknown): void {
    this.issues.push({ loc: [this.where, ...path], msg, type, input });
  }

  has(name: string): boolean {
    return this.source[name] !== undefined && this.source[name] !== null;
  }

  raw(name: string): unknown {
    return this.source[name];
  }

  private missing(name: string, opts: Common): boolean {
    if (this.has(name)) return false;
    if (opts.required) this.issue([name], 'Field required', 'missing', null);
    return true;
  }

  string(
    name: string,
    opts: Common & { enum?: readonly string[]; minLength?: number; check?: (v: string) => string | undefined } = {},
  ): string | undefined {
    if (this.missing(name, opts)) return undefined;
    const v = this.source[name];
    if (typeof v !== 'string') {
      this.issue([name], 'Input should be a valid string', 'string_type', v);
      return undefined;
    }
    if (opts.minLength !== undefined && v.length < opts.minLength) {
      this.issue(
        [name],
        `String should have at least ${opts.minLength} character${opts.minLength === 1 ? '' : 's'}`,
        'string_too_short',
        v,
      );
      return undefined;
    }
    if (opts.enum && !opts.enum.includes(v)) {
      this.issue([name], enumMsg(opts.enum), 'enum', v);
      return undefined;
    }
    const problem = opts.check?.(v);
    if (problem) {
      this.issue([name], problem, 'value_error', v);
      return undefined;
    }
    return v;
  }

  integer(name: string, opts: Common & { min?: number; max?: number } = {}): number | undefined {
    if (this.missing(name, opts)) return undefined;
    const v = this.source[name];
    let n: number;
    if (typeof v === 'number') {
      if (!Number.isInteger(v)) {
        this.issue([name], 'Input should be a valid integer, got a number with a fractional part', 'int_from_float', v);
        return undefined;
      }
      n = v;
    } else if (typeof v === 'string' && /^\s*[-+]?\d+\s*$/.test(v)) {
      n = Number(v);
    } else if (typeof v === 'string') {
      this.issue([name], 'Input should be a valid integer, unable to parse string as an integer', 'int_parsing', v);
      return undefined;
    } else {
      this.issue([name], 'Input should be a valid integer', 'int_type', v);
      return undefined;
    }
    if (opts.min !== undefined && n < opts.min) {
      this.issue([name], `Input should be greater than or equal to ${opts.min}`, 'greater_than_equal', v);
      return undefined;
    }
    if (opts.max !== undefined && n > opts.max) {
      this.issue([name], `Input should be less than or equal to ${opts.max}`, 'less_than_equal', v);
      return undefined;
    }
    return n;
  }

  number(name: string, opts: Common = {}): number | undefined {
    if (this.missing(name, opts)) return undefined;
    const v = this.source[name];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    if (!Number.isFinite(n)) {
      this.issue([name], 'Input should be a valid number', typeof v === 'string' ? 'float_parsing' : 'float_type', v);
      return undefined;
    }
    return n;
  }

  boolean(name: string, opts: Common = {}): boolean | undefined {
    if (this.missing(name, opts)) return undefined;
    const v = this.source[name];
    if (typeof v === 'boolean') return v;
    if (typeof v === 'string') {
      const s = v.toLowerCase();
      if (['true', '1', 'yes', 'on', 't', 'y'].includes(s)) return true;
      if (['false', '0', 'no', 'off', 'f', 'n'].includes(s)) return false;
      this.issue([name], 'Input should be a valid boolean, unable to interpret input', 'bool_parsing', v);
      return undefined;
    }
    if (v === 0 || v === 1) return v === 1;
    this.issue([name], 'Input should be a valid boolean', 'bool_type', v);
    return undefined;
  }

  object(name: string, opts: Common = {}): Record<string, unknown> | undefined {
    if (this.missing(name, opts)) return undefined;
    const v = this.source[name];
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      this.issue([name], 'Input should be a valid dictionary', 'dict_type', v);
      return undefined;
    }
    return v as Record<string, unknown>;
  }

  /** Array of strings; `enum` restricts values, `check` returns a message for a bad element. */
  stringArray(
    name: string,
    opts: Common & { enum?: readonly string[]; check?: (v: string) => string | undefined } = {},
  ): string[] | undefined {
    if (this.missing(name, opts)) return undefined;
    const v = this.source[name];
    if (!Array.isArray(v)) {
      this.issue([name], 'Input should be a valid list', 'list_type', v);
      return undefined;
    }
    const out: string[] = [];
    let ok = true;
    v.forEach((item: unknown, i) => {
      if (typeof item !== 'string') {
        this.issue([name, i], 'Input should be a valid string', 'string_type', item);
        ok = false;
      } else if (opts.enum && !opts.enum.includes(item)) {
        this.issue([name, i], enumMsg(opts.enum), 'enum', item);
        ok = false;
      } else {
        const problem = opts.check?.(item);
        if (problem) {
          this.issue([name, i], problem, 'value_error', item);
          ok = false;
        } else {
          out.push(item);
        }
      }
    });
    return ok ? out : undefined;
  }

  date(name: string, opts: Common = {}): string | undefined {
    return this.string(name, { ...opts, check: (v) => (isValidDate(v) ? undefined : 'Value error, date must be YYYY-MM-DD') });
  }

  datetime(name: string, opts: Common = {}): string | undefined {
    return this.string(name, {
      ...opts,
      check: (v) => (isValidDatetime(v) ? undefined : 'Value error, datetime must be YYYY-MM-DD or YYYY-MM-DD HH:MM:SS'),
    });
  }

  symbol(name: string, opts: Common = {}): string | undefined {
    return this.string(name, {
      ...opts,
      check: (v) =>
        isValidSymbol(v) ? undefined : 'Value error, symbol must have the shape <MARKET>:<code>, market one of SH, SZ, HK, US',
    });
  }

  /** Checks that start ≤ end when both are valid. */
  range(startName: string, start: string | undefined, endName: string, end: string | undefined): void {
    if (start && end && start > end) this.issue([endName], `Value error, ${endName} must not be before ${startName}`, 'value_error', end);
  }

  /** Throws the collected 422, if any. */
  done(): void {
    if (this.issues.length > 0) throw new ValidationError(this.issues);
  }
}

/** Merges several readers' issues (e.g. path + query) into one 422. */
export function finishAll(...readers: FieldReader[]): void {
  const issues = readers.flatMap((r) => r.issues);
  if (issues.length > 0) throw new ValidationError(issues);
}
