/**
 * A response body that does not have the shape the interface describes. Normalisers are pure and
 * know nothing of HTTP, so they throw this; the call path turns it into a ServiceError of kind
 * 'bad_response' carrying the method and path.
 */
export class ShapeError extends Error {
  override readonly name = 'ShapeError';
  /** Where in the body the problem is, e.g. `docs[3].title`. */
  readonly at: string;

  constructor(at: string, expected: string, got: unknown) {
    super(`expected ${expected} at ${at || '(root)'}, got ${describe(got)}`);
    this.at = at;
  }
}

/** A short description of a value's type; never the value itself (it may be large). */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
