/** Errors a route throws to answer with a status and a `{"detail": ...}` body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export class NotFoundError extends HttpError {
  constructor(detail: string) {
    super(404, detail);
    this.name = 'NotFoundError';
  }
}

export interface ValidationIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
  input?: unknown;
}

/** 422 with the interface's validation body: `detail` is an array of {loc, msg, type}. */
export class ValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.name = 'ValidationError';
  }
}

/**
 * Stock endpoints answer errors inside their wrapper too; the route throws this and the server
 * renders `{status, code, message, data: null, detail}`.
 */
export class StockError extends HttpError {
  constructor(
    status: number,
    readonly code: number,
    message: string,
  ) {
    super(status, message);
    this.name = 'StockError';
  }
}
