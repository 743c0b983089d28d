import { ROTATING_TOKEN_LIFETIME_S } from './installations.js';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type AppDistribution, slackRateLimitTable, type RateLimitTable } from './rate-limits.js';
import type { SlackEmulatorOptions, SlashCommandSpec } from './slack-emulator-options.js';
import { WORK_OBJECT_ENTITY_TYPES } from './validation/work-object.js';

export const allEventSubscriptions = [
  'message.im',
  'message.channels',
  'message.groups',
  'app_mention',
  'link_shared',
  'app_home_opened',
  'agent_session_stopped',
  'tokens_revoked',
  'app_uninstalled',
  'message_metadata_posted',
  'entity_details_requested',
];

/**
 * What an installed app's bot token holds by default: the bot scopes of the repository's
 * manifest.yml (test/emulators/slack/scopes.integration.test.ts keeps the two equal).
 */
export const DEFAULT_BOT_SCOPES: readonly string[] = [
  'app_mentions:read',
  'assistant:write',
  'canvases:write',
  'channels:history',
  'channels:read',
  'chat:write',
  'commands',
  'files:read',
  'files:write',
  'groups:history',
  'groups:read',
  'im:history',
  'links:read',
  'links:write',
  'mcp:connect',
  'metadata.message:read',
  'users:read',
];

/** Options with every default filled in. */
export interface EmulatorConfig {
  port: number;
  host: string;
  signingSecret: string;
  botToken: string;
  appToken: string;
  requestUrl: string | undefined;
  /** Where the playground is opened (setPublicUrl); undefined: the made-up slack.com workspace. */
  publicUrl: string | undefined;
  pages: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  deliveryMode: 'http' | 'socket';
  webApiUnreachable: boolean;
  /** Web API calls dropped unanswered while unreachable (a test waits until the app met the outage). */
  droppedWebApiCalls: number;
  rateLimits: RateLimitTable | undefined;
  distribution: { seed: AppDistribution; oauth: AppDistribution };
  ackTimeoutMs: number;
  eventRetryDelaysMs: number[];
  streamLifetimeMs: number;
  streamIdleMs: number;
  streamMaxChars: number;
  subscribedEvents: Set<string>;
  /** The metadata event types message_metadata_posted is sent for ('all': any the app posts). */
  metadataSubscriptions: Set<string> | 'all';
  botName: string;
  botScopes: readonly string[];
  appScopes: readonly string[];
  unfurlDomains: readonly string[];
  /** The Work Object entity types the app enabled (manifest `features.rich_previews.entity_types`). */
  workObjectEntityTypes: readonly string[];
  slashCommands: readonly SlashCommandSpec[];
  staticDir: string;
  clock: () => number;
  oauth: { clientId: string; clientSecret: string; tokenRotation: boolean; tokenLifetimeS: number };
  /** The app's "Add to Slack" URL (setInstallUrl), shown by the playground for workspaces without the app. */
  installUrl: string | undefined;
}

/** A client id shaped like Slack's (`<team number>.<app number>`). */
export const DEFAULT_CLIENT_ID = '1000000000001.2000000000002';

export function resolveConfig(opts: SlackEmulatorOptions): EmulatorConfig {
  return {
    port: opts.port ?? 0,
    host: opts.host ?? '127.0.0.1',
    signingSecret: opts.signingSecret ?? 'emulator-signing-secret',
    botToken: opts.botToken ?? 'xoxb-emulator-bot-token',
    appToken: opts.appToken ?? 'xapp-emulator-app-token',
    requestUrl: opts.requestUrl,
    publicUrl: undefined,
    pages: opts.pages,
    deliveryMode: opts.deliveryMode ?? 'http',
    webApiUnreachable: opts.webApiUnreachable ?? false,
    droppedWebApiCalls: 0,
    rateLimits:
      opts.rateLimits === 'off'
        ? undefined
        : opts.rateLimits === 'slack' || opts.rateLimits === undefined
          ? slackRateLimitTable
          : opts.rateLimits,
    distribution: { seed: opts.distribution?.seed ?? 'internal', oauth: opts.distribution?.oauth ?? 'non-marketplace' },
    ackTimeoutMs: opts.ackTimeoutMs ?? 3000,
    // Slack: an immediate retry, then about 1 minute, then about 5 minutes (secondary sources).
    eventRetryDelaysMs: (opts.eventRetryDelaysMs ?? [0, 60_000, 300_000]).slice(0, 3),
    streamLifetimeMs: opts.streamLifetimeMs ?? 300_000,
    streamIdleMs: opts.streamIdleMs ?? 120_000,
    streamMaxChars: opts.streamMaxChars ?? 11_000,
    subscribedEvents: new Set(opts.subscribedEvents ?? allEventSubscriptions),
    metadataSubscriptions: opts.metadataSubscriptions === undefined ? 'all' : new Set(opts.metadataSubscriptions),
    botName: opts.botName ?? 'Research Desk',
    botScopes: [...(opts.botScopes ?? DEFAULT_BOT_SCOPES)],
    appScopes: [...(opts.appScopes ?? ['connections:write'])],
    unfurlDomains: [...(opts.unfurlDomains ?? [])],
    workObjectEntityTypes: [...(opts.workObjectEntityTypes ?? WORK_OBJECT_ENTITY_TYPES)],
    slashCommands: (opts.slashCommands ?? []).map((c) => ({ ...c })),
    staticDir: opts.staticDir ?? fileURLToPath(new URL('./playground-page/', import.meta.url)),
    clock: opts.clock ?? Date.now,
    oauth: {
      clientId: opts.oauth?.clientId ?? DEFAULT_CLIENT_ID,
      clientSecret: opts.oauth?.clientSecret ?? randomBytes(16).toString('hex'),
      tokenRotation: opts.oauth?.tokenRotation ?? false,
      tokenLifetimeS: opts.oauth?.tokenLifetimeS ?? ROTATING_TOKEN_LIFETIME_S,
    },
    installUrl: undefined,
  };
}
