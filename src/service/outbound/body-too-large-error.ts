/** A service response body was, or declared itself, larger than the client reads. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  constructor(
    readonly maxBytes: number,
    /** The Content-Length it declared, or the bytes read when reading stopped. */
    readonly bytes: number,
  ) {
    super(`the answer was larger than ${maxBytes} bytes`);
  }
}
