/**
 * Web API arguments from a request, as Slack reads them: query string, then a form-encoded or JSON body.
 * A JSON body never carries the token (Slack requires the Authorization header for JSON).
 */
export function parseApiBody(
  contentType: string | undefined,
  rawBody: string,
  query: URLSearchParams,
): { ok: true; args: Record<string, unknown>; json: boolean } | { ok: false; error: string } {
  const args: Record<string, unknown> = Object.fromEntries(query.entries());
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (rawBody.length === 0) return { ok: true, args, json: false };
  if (type === 'application/json') {
    try {
      const parsed = JSON.parse(rawBody) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, error: 'invalid_json' };
      const body = { ...(parsed as Record<string, unknown>) };
      delete body.token;
      return { ok: true, args: { ...args, ...body }, json: true };
    } catch {
      return { ok: false, error: 'invalid_json' };
    }
  }
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    for (const [k, v] of new URLSearchParams(rawBody).entries()) args[k] = v;
    return { ok: true, args, json: false };
  }
  return { ok: false, error: 'invalid_form_data' };
}
