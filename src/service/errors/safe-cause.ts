/**
 * A transport error reduced to name, code and message, with the API key scrubbed. Undici errors
 * can hold sockets and request options; none of that belongs in an error that gets logged.
 */
export function safeCause(error: unknown, secret: string): Error {
  const scrub = (text: string): string => (secret ? text.split(secret).join('[redacted]') : text);
  if (!(error instanceof Error)) return new Error(scrub(String(error)));
  const out = new Error(scrub(error.message));
  out.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(out, { code });
  out.stack = undefined;
  return out;
}
