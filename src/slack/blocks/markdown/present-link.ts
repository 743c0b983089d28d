/**
 * The one rule for links in agent (untrusted) text, on every surface: only http(s) addresses
 * become links, and a link's label never hides where it goes. Unless the host is on the
 * allow-list (the service's and the document domains from config) or the label is the address
 * itself, the real host is shown next to the label: `[Verify your account](https://evil.example/x)`
 * reads "Verify your account (evil.example)". The native stream, which cannot rewrite text it has
 * already sent, holds a link back until it closes (render-native-stream-chunks.ts).
 * @see https://docs.slack.dev/messaging/formatting-message-text#linking-urls
 */
import { plainText, safeUrl } from '../escape.js';

export interface LinkPolicy {
  /** Hosts (and their subdomains) whose links may keep a plain label. */
  trustedHosts: readonly string[];
}

export const NO_TRUSTED_HOSTS: LinkPolicy = { trustedHosts: [] };

export interface PresentedLink {
  /** The normalised http(s) address to link to; absent for anything else (shown as text only). */
  url?: string;
  /** The label to show: the agent's, with the real host after it when the host is not trusted. */
  label: string;
  /** The host is on the allow-list. */
  trusted: boolean;
}

/** Host names from config entries that may be bare hosts (`research.example.com`) or URLs. */
export function trustedHostsFrom(entries: readonly (string | undefined)[]): string[] {
  const hosts = new Set<string>();
  for (const entry of entries) {
    const value = entry?.trim().toLowerCase();
    if (!value) continue;
    const url = value.includes('://') ? value : `https://${value}`;
    // Not a host: left out (config validates its own entries).
    if (URL.canParse(url)) hosts.add(new URL(url).hostname);
  }
  return [...hosts];
}

function isTrusted(hostname: string, policy: LinkPolicy): boolean {
  const host = hostname.toLowerCase();
  return policy.trustedHosts.some((t) => {
    const trusted = t.toLowerCase();
    return trusted !== '' && (host === trusted || host.endsWith(`.${trusted}`));
  });
}

/** Agent link (href, label as plain text) → what to link and what to show. */
export function presentLink(href: unknown, label: string, policy: LinkPolicy = NO_TRUSTED_HOSTS): PresentedLink {
  const url = safeUrl(href);
  const shown = label.replace(/\s+/g, ' ').trim();
  if (!url) return { label: shown || (typeof href === 'string' ? href : ''), trusted: false };
  const { hostname, host } = new URL(url);
  if (isTrusted(hostname, policy)) return { url, label: shown || url, trusted: true };
  // A label that is the address itself (an autolinked URL) already shows the real host.
  if (shown === '' || shown === url || shown === href) return { url, label: url, trusted: false };
  return { url, label: `${shown} (${plainText(host)})`, trusted: false };
}
