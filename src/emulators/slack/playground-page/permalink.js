// Slack permalinks inside the playground: /archives/<channel>/p<ts without the dot>, with
// ?thread_ts=<parent> for a reply (what chat.getPermalink and the app's App Home links give).

/** { channelId, ts, threadTs } of a permalink URL on this page's origin, or null. */
export function parsePermalink(href, origin) {
  let url;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const match = /^\/archives\/([A-Z0-9]+)(?:\/p(\d{7,}))?\/?$/.exec(url.pathname);
  if (!match) return null;
  const digits = match[2];
  const ts = digits ? `${digits.slice(0, -6)}.${digits.slice(-6)}` : null;
  return { channelId: match[1], ts, threadTs: url.searchParams.get('thread_ts') ?? ts };
}
