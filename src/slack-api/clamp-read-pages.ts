/**
 * Keeps every conversations.history and conversations.replies page a client asks for within its
 * tier's page size (15 for a non-Marketplace app, where Slack clamps a larger `limit` silently),
 * so what the app asks for is what it gets and a reader's paging matches Slack's.
 * @see https://docs.slack.dev/changelog/2025/05/29/rate-limit-changes-for-non-marketplace-apps
 */
import type { WebClient } from '@slack/web-api';

/** The client itself, its two thread and channel reads wrapped; `limit` above `pageSize` (or unset) becomes `pageSize`. */
export function clampReadPages(client: WebClient, pageSize: number): WebClient {
  const clamp = (limit: number | undefined): number => Math.min(limit ?? pageSize, pageSize);
  const { history, replies } = client.conversations;
  client.conversations.history = (args) => history({ ...args, limit: clamp(args.limit) });
  client.conversations.replies = (args) => replies({ ...args, limit: clamp(args.limit) });
  return client;
}
