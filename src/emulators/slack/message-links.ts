/**
 * Links in a user's message as Slack sees them. Slack's client wraps a typed URL in `<…>` before
 * the message is stored (`see https://x.com/a.` → `see <https://x.com/a>.`), and a link with a
 * label arrives as `<url|label>`; link_shared then names every distinct link on the app's unfurl
 * domains, wherever it sits in the text.
 * @see https://docs.slack.dev/messaging/formatting-message-text#linking-urls
 * @see https://docs.slack.dev/reference/events/link_shared
 */

/** `<…>` entities (links, mentions, channels), which auto-linking leaves alone. */
const ENTITY = /<[^<>]*>/g;
/** A typed URL: a scheme or `www.` up to the next space or angle bracket. */
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s<>]+/gi;
/** Punctuation that ends a sentence rather than the URL. */
const TRAILING_PUNCTUATION = /[.,;:!?'"’”]+$/;

/** Drops trailing punctuation, and a closing bracket the URL did not open: `(see https://x.com/a)`. */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING_PUNCTUATION, '');
    const opens = (url.match(/\(/g) ?? []).length;
    const closes = (url.match(/\)/g) ?? []).length;
    if (url.endsWith(')') && closes > opens) url = url.slice(0, -1);
    if (url === before) return url;
  }
}

function autoLinkSegment(segment: string): string {
  return segment.replace(BARE_URL, (match) => {
    const url = trimUrl(match);
    const rest = match.slice(url.length);
    // Slack links `www.x.com` as `<http://www.x.com|www.x.com>`.
    const linked = /^www\./i.test(url) ? `<http://${url}|${url}>` : `<${url}>`;
    return `${linked}${rest}`;
  });
}

/** The text as Slack stores it: typed URLs wrapped in `<…>`, existing entities untouched. */
export function autoLinkUrls(text: string): string {
  let out = '';
  let last = 0;
  for (const entity of text.matchAll(ENTITY)) {
    out += autoLinkSegment(text.slice(last, entity.index)) + entity[0];
    last = entity.index + entity[0].length;
  }
  return out + autoLinkSegment(text.slice(last));
}

/** Every distinct http(s) link in stored text (`<url>` or `<url|label>`), in order of appearance. */
export function linksInText(text: string): string[] {
  const links: string[] = [];
  for (const entity of text.matchAll(ENTITY)) {
    const target = entity[0].slice(1, -1).split('|')[0] ?? '';
    if (!/^https?:\/\//i.test(target)) continue;
    const url = target.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    if (!links.includes(url)) links.push(url);
  }
  return links;
}

/** The link's domain when it is one of `domains` (or a subdomain of one), else undefined. */
export function unfurlDomainOf(url: string, domains: readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.toLowerCase();
  const matches = domains.some((d) => {
    const domain = d.toLowerCase();
    return host === domain || host.endsWith(`.${domain}`) || parsed.host.toLowerCase() === domain;
  });
  return matches ? host : undefined;
}
