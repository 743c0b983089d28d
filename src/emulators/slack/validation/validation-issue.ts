/** One rule violation, located by a JSON pointer the way Slack reports it. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** Slack's wording: `must be less than 3001 characters [json-pointer:/blocks/0/text/text]`. */
export function formatIssue(issue: ValidationIssue): string {
  return `${issue.message} [json-pointer:${issue.path}]`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects issues while walking a payload; every rule file pushes into one. */
export class IssueList {
  readonly issues: ValidationIssue[] = [];
  add(path: string, message: string): void {
    this.issues.push({ path, message });
  }
  maxChars(path: string, value: unknown, max: number): void {
    if (typeof value === 'string' && value.length > max) this.add(path, `must be less than ${max + 1} characters`);
  }
  get ok(): boolean {
    return this.issues.length === 0;
  }
}
