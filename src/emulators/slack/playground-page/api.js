// The emulator's playground JSON API, same origin. Every call resolves to { ok, status, body }
// and never throws, so the page can show a failure as a Slack-style notice instead of breaking.

async function call(method, path, payload) {
  // A FormData body (a file upload) goes as multipart/form-data: the browser sets its boundary.
  const form = typeof FormData !== 'undefined' && payload instanceof FormData;
  try {
    const response = await fetch(path, {
      method,
      headers:
        payload === undefined || form ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: payload === undefined ? undefined : form ? payload : JSON.stringify(payload),
    });
    const raw = await response.text();
    let body = raw;
    try {
      body = raw === '' ? null : JSON.parse(raw);
    } catch {
      /* not JSON: keep the text */
    }
    const ok = response.ok && !(body && typeof body === 'object' && body.ok === false);
    return { ok, status: response.status, body };
  } catch (error) {
    return { ok: false, status: 0, body: { error: 'network_error', message: String(error?.message ?? error) } };
  }
}

/** `path?key=value…` with the keys whose value is set. */
function withQuery(path, params) {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Reads take the workspace (`teamId`) or the acting user (`userId`); omitted, the emulator answers for the seed's default user. */
export const api = {
  channels: (teamId) => call('GET', withQuery('/api/channels', { team_id: teamId })),
  info: () => call('GET', '/api/info'),
  users: (teamId) => call('GET', withQuery('/api/users', { team_id: teamId })),
  workspaces: () => call('GET', '/api/workspaces'),
  uninstall: (workspaceId) => call('POST', `/api/workspaces/${encodeURIComponent(workspaceId)}/uninstall`, {}),
  messages: (channelId, userId) => call('GET', withQuery(`/api/channels/${encodeURIComponent(channelId)}/messages`, { user_id: userId })),
  views: (userId) => call('GET', withQuery('/api/views', { user_id: userId })),
  home: (userId) => call('GET', withQuery('/api/home', { user_id: userId })),
  command: (body) => call('POST', '/api/commands', body),
  message: (body) => call('POST', '/api/messages', body),
  action: (body) => call('POST', '/api/actions', body),
  submitView: (body) => call('POST', '/api/views/submit', body),
  viewAction: (body) => call('POST', '/api/views/actions', body),
  closeView: (body) => call('POST', '/api/views/close', body),
  openHome: (body = {}) => call('POST', '/api/home/open', body),
  openAgentView: (body = {}) => call('POST', '/api/agent-view/open', body),
  stopAgentSession: (body) => call('POST', '/api/agent-view/stop', body),
  shareLink: (body) => call('POST', '/api/links', body),
  shortcut: (body) => call('POST', '/api/shortcuts', body),
  /** form: FormData with `file` and text, channel_id, thread_ts?, user_id? (PLAYGROUND-API.md, POST /api/files). */
  shareFile: (form) => call('POST', '/api/files', form),
  deleteFile: (fileId) => call('POST', `/api/files/${encodeURIComponent(fileId)}/delete`, {}),
  reset: () => call('POST', '/api/reset', {}),
};

/** A short human reason from a failed call's body. */
export function failureReason(result) {
  const body = result.body;
  if (body && typeof body === 'object') return body.error ?? body.message ?? `HTTP ${result.status}`;
  return typeof body === 'string' && body !== '' ? body.slice(0, 200) : `HTTP ${result.status}`;
}

/**
 * Why an interaction failed, or null: the call itself failed, or the emulator reached the app
 * but the app did not acknowledge (`delivery.ok` false: timeout, http_error, no_connection …).
 */
export function deliveryFailure(result) {
  if (!result.ok) return failureReason(result);
  const delivery = result.body?.delivery;
  if (delivery && delivery.ok === false)
    return delivery.status ? `${delivery.outcome} ${delivery.status}` : (delivery.outcome ?? 'not acknowledged');
  return null;
}
