import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDistribution, RateLimitTable } from './rate-limits.js';
import type { WorkflowsOptions } from './workflows/workflows-options.js';

/**
 * Workflow Builder (see `WorkflowsOptions`): `workflowFunctions` is the manifest's `functions` map
 * (the app's custom steps), `workflowScheduleTickMs` how often schedules are checked against the
 * clock (0: only when a test calls `workflows.tick()`), `exampleWorkflows` the playground's examples.
 */
export interface SlackEmulatorOptions extends WorkflowsOptions {
  port?: number;
  host?: string;
  signingSecret?: string;
  botToken?: string;
  appToken?: string;
  /** The app's HTTP endpoint for deliveries (Bolt: http://host:port/slack/events). May be set later. */
  requestUrl?: string;
  deliveryMode?: 'http' | 'socket';
  /**
   * Slack's Web API cannot be reached: every `/api/<method>` connection is dropped unanswered, as
   * a network outage or a blocked egress does. Deliveries to the app and response_urls still work.
   * Default false; `setWebApiUnreachable` changes it later.
   */
  webApiUnreachable?: boolean;
  /**
   * Block types the workspace refuses with `invalid_blocks`, as Slack does where a new block
   * (e.g. `data_table`) has not rolled out yet. Default none; `setRefusedBlockTypes` changes it later.
   */
  refusedBlockTypes?: string[];
  rateLimits?: 'slack' | 'off' | RateLimitTable;
  /**
   * The app's distribution, which sets the rate tier of conversations.history and .replies: for the
   * seed workspace's configured bot token (default `internal`) and for OAuth installs (default
   * `non-marketplace`: once a minute per workspace, `limit` at most 15). Needs `rateLimits` on.
   */
  distribution?: { seed?: AppDistribution; oauth?: AppDistribution };
  ackTimeoutMs?: number;
  /** Delay before each event redelivery (at most 3 are used). */
  eventRetryDelaysMs?: number[];
  streamLifetimeMs?: number;
  streamIdleMs?: number;
  streamMaxChars?: number;
  /**
   * Event types delivered to the app, like the manifest's bot_events ('message.im', 'message.channels',
   * 'app_mention', 'link_shared', 'app_home_opened', …). Default: all of them.
   */
  subscribedEvents?: string[];
  /**
   * The manifest's `metadata_subscriptions` (event types): a bot message carrying metadata of one
   * of them is followed by `message_metadata_posted` (when subscribed). Default: every event type.
   */
  metadataSubscriptions?: string[];
  /** Display name of the bot; `@<botName>` in a posted text is a mention. Default 'Research Desk'. */
  botName?: string;
  /**
   * Scopes granted to the bot token, sent in each answer's `x-oauth-scopes` header as Slack does.
   * Default: the scopes of the app's manifest (DEFAULT_BOT_SCOPES); fewer simulates an app
   * installed before a scope was added.
   */
  botScopes?: string[];
  /** Scopes of the app-level token; default ['connections:write'] (what Socket Mode needs). */
  appScopes?: string[];
  /**
   * The app's unfurl domains (the manifest's `unfurl_domains`): a user message with a link on one
   * of them, anywhere in its text, is followed by `link_shared`. Default none.
   */
  unfurlDomains?: string[];
  /**
   * The Work Object entity types the app enabled (manifest `features.rich_previews.entity_types`);
   * chat.unfurl refuses others with feature_not_enabled. Default: every supported type; [] for an
   * app without Work Object previews.
   */
  workObjectEntityTypes?: string[];
  /**
   * The app's slash commands as its manifest declares them: shown to the playground page
   * (`GET /api/info`), and `shouldEscape` makes a typed `#channel` or `@user` arrive escaped.
   */
  slashCommands?: SlashCommandSpec[];
  /** Directory of the playground page's static files; default `./playground-page` next to this module. */
  staticDir?: string;
  /**
   * Extra pages served on the emulator's port before the playground's files (the playground mounts
   * the demo service's document and conversation pages here): answers and returns true for a path
   * it serves, false otherwise.
   */
  pages?: (req: IncomingMessage, res: ServerResponse) => boolean;
  clock?: () => number;
  /**
   * The app's OAuth credentials and settings (Installing with OAuth). Defaults: client id
   * '1000000000001.2000000000002', a random secret, no token rotation.
   * @see https://docs.slack.dev/authentication/installing-with-oauth
   */
  /**
   * The app's OAuth credentials at Slack, and token rotation. `tokenLifetimeS` shortens rotating
   * tokens' 12 hours (a token within two hours of expiry is refreshed by @slack/oauth at once).
   */
  oauth?: { clientId?: string; clientSecret?: string; tokenRotation?: boolean; tokenLifetimeS?: number };
  /**
   * A JSON file the workspace is kept in (the playground's `DATA_DIR/playground/slack.json`):
   * restored at start, saved after every change. Without it the workspace lives in memory only.
   * Credentials are never written to it, so a restart may bring new ones.
   */
  stateFile?: string;
  /** A state file that could not be read or written (default: one line on stderr). */
  onStateFileProblem?: (error: Error) => void;
  /** Called by `reset()` after the workspace is back to its seed: clear what belongs to it elsewhere. */
  onReset?: () => Promise<void> | void;
}

/** A slash command as an app's manifest declares it. @see https://docs.slack.dev/reference/app-manifest */
export interface SlashCommandSpec {
  command: string;
  description: string;
  usageHint?: string;
  /** Slack escapes channels, users and links in the command's text (`<#C…|name>`). */
  shouldEscape?: boolean;
}
