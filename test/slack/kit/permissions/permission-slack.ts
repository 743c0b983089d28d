/**
 * The permission rules' tests talk to the real Slack emulator over HTTP, through a client of the
 * app's own factory: users.info, conversations.info and users.conversations answer as Slack does.
 */
import type { WebClient } from '@slack/web-api';
import { startSlackEmulator, type SlackEmulator, type SlackEmulatorOptions } from '../../../../src/emulators/slack/index.js';
import { createMemoryLogger, type Logger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { createWebClient } from '../../../../src/slack-api/create-web-client.js';
import { install } from '../../../emulators/slack/oauth-helpers.js';

const TOKEN = 'xoxb-permissions-test-token';
/** A fixed emulator clock: its rate limits never refill on their own. */
const NOW = 1_700_000_000_000;

export interface PermissionSlack {
  slack: SlackEmulator;
  /** The seed workspace's bot: it sees that workspace's people and its Slack Connect guest. */
  client: WebClient;
  log: Logger & { lines: string[] };
  /** A client of an installation made now, through OAuth (an org-wide one sees every workspace of the org). */
  installedClient(where: { teamId: string } | { enterpriseId: string }): Promise<WebClient>;
}

export async function startPermissionSlack(opts: SlackEmulatorOptions = {}): Promise<PermissionSlack> {
  const slack = await startSlackEmulator({ port: 0, botToken: TOKEN, clock: () => NOW, rateLimits: 'off', ...opts });
  const redact = createRedactor([TOKEN]);
  // The SDK's own lines go to a logger of their own: `log` holds only what the rules log.
  const clientOf = (token: string) => createWebClient({ token, apiUrl: slack.apiUrl, logger: createMemoryLogger(redact, 'warn') });
  return {
    slack,
    client: clientOf(TOKEN),
    log: createMemoryLogger(redact),
    installedClient: async (where) => clientOf((await install(slack, where)).access_token),
  };
}

/** The log records with this message, parsed. */
export function logged(log: { lines: string[] }, msg: string): Record<string, unknown>[] {
  return log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((r) => r.msg === msg);
}

/** The Web API calls the emulator answered for one method, in order. */
export function callsOf(slack: SlackEmulator, method: string) {
  return slack.calls.filter((c) => c.method === method);
}
