// One JSON call to the playground API for the side panels: resolves to { ok, body } and never
// throws (a network failure is { ok: false, body: { error: 'network_error', message } }).

export async function jsonCall(method, path, payload) {
  try {
    const res = await fetch(path, {
      method,
      headers: payload === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = await res.json().catch(() => null);
    return { ok: res.ok && body?.ok !== false, body };
  } catch (error) {
    return { ok: false, body: { error: 'network_error', message: String(error?.message ?? error) } };
  }
}
