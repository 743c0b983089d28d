import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentSessionRecord, AgentThreadRecord } from './agent-view-state.js';
import type { RateLimitTable } from './rate-limits.js';
import type { StreamChunk } from './validation/chunks.js';
import type { MessageMetadata } from './validation/metadata.js';

export interface SlackEmulatorOptions {
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

export interface ApiCall {
  method: string;
  /** Arguments as received (the token is never recorded). */
  args: Record<string, unknown>;
  ok: boolean;
  error?: string;
  /** HTTP status of the answer (429 when rate limited). */
  status: number;
  at: number;
  /** Which kind of token authenticated the call: never the token itself. */
  token: 'bot' | 'app' | 'invalid' | 'none';
  /** The installation the bot token belongs to: its team id, or the enterprise id of an org-wide one. */
  teamId?: string;
  /** First 8 hex digits of the token's SHA-256: tells tokens apart without recording one. */
  tokenFingerprint?: string;
}

export type DeliveryKind = 'slash_command' | 'block_actions' | 'view_submission' | 'view_closed' | 'message_action' | 'event_callback';

export type DeliveryOutcome = 'acked' | 'http_error' | 'timeout' | 'network_error' | 'no_connection';

export interface DeliveryResult {
  /** True when the app acknowledged in time (HTTP 2xx, or a Socket Mode ack). */
  ok: boolean;
  outcome: DeliveryOutcome;
  /** HTTP status of the app's answer; 200 for a Socket Mode ack. */
  status?: number;
  /** The ack body as text (HTTP) or the ack payload serialised (Socket Mode). */
  body?: string;
  latencyMs: number;
  deliveryId: string;
  triggerId?: string;
  responseUrl?: string;
  eventId?: string;
  /** For a view_submission: what the ack did (`close`, `errors`, `update`, `push`, `clear`). */
  viewAction?: string;
}

export interface DeliveryRecord {
  id: string;
  kind: DeliveryKind;
  transport: 'http' | 'socket';
  /** 0 for the first attempt, then 1..3 for retries. */
  retryNum: number;
  retryReason?: string;
  /** The delivered payload (command fields, interaction payload or event envelope). */
  payload: Record<string, unknown>;
  outcome: DeliveryOutcome;
  status?: number;
  ackBody?: string;
  latencyMs: number;
  at: number;
  eventId?: string;
  envelopeId?: string;
  /** The signed HTTP request as it went on the wire, so a test can replay it as a captor would. */
  signedRequest?: SignedHttpRequest;
}

/** A request as Slack signs it: the body and the two headers that sign it. */
export interface SignedHttpRequest {
  contentType: string;
  body: string;
  /** X-Slack-Request-Timestamp (seconds). */
  timestamp: number;
  /** X-Slack-Signature (`v0=…`). */
  signature: string;
}

export interface StreamInfo {
  state: 'streaming' | 'stopped';
  /** Why it is no longer streaming: stopStream, lifetime, idle or size. */
  endReason?: 'stopped' | 'lifetime' | 'idle' | 'max_chars';
  mode?: 'markdown_text' | 'chunks';
  recipientUserId?: string;
  recipientTeamId?: string;
  taskDisplayMode: string;
  startedAt: number;
  lastActivityAt: number;
  appends: number;
  chunks: StreamChunk[];
  tasks: Record<string, Record<string, unknown>>;
  plan?: string;
}

export interface Reaction {
  name: string;
  users: string[];
  count: number;
}

export type FeedbackChoice = 'positive' | 'negative';

export interface StoredMessage {
  type: 'message';
  ts: string;
  channel: string;
  user: string;
  bot_id?: string;
  app_id?: string;
  team: string;
  subtype?: string;
  text: string;
  blocks?: unknown[];
  attachments?: unknown[];
  metadata?: MessageMetadata;
  thread_ts?: string;
  reply_count: number;
  reply_users: string[];
  latest_reply?: string;
  /** How many times the message was edited (chat.update / replace_original). */
  edits: number;
  edited?: { user: string; ts: string };
  reactions: Reaction[];
  files?: Array<{
    id: string;
    name: string;
    title: string;
    size?: number;
    mimetype?: string;
    filetype?: string;
    permalink?: string;
    url_private?: string;
  }>;
  streaming?: StreamInfo;
  /**
   * Which feedback button each user pressed, by user id then action_id. Slack shows the pressed
   * 👍/👎 to the clicker only (the other users' buttons stay as they were); the app is never told.
   */
  feedback?: Record<string, Record<string, FeedbackChoice>>;
  /** Only in channelMessages(): the thread's replies in order. */
  replies?: StoredMessage[];
}

export interface StoredEphemeral {
  ts: string;
  channel: string;
  /** The user who sees it. */
  user: string;
  text: string;
  blocks?: unknown[];
  thread_ts?: string;
  edits: number;
  deleted: boolean;
  /** What produced it: chat.postEphemeral, a response_url post, or a slash command's ack body. */
  source: 'api' | 'response_url' | 'ack';
  /**
   * Why the user never sees it: Slack shows an ephemeral posted to a thread only when that thread
   * already exists (the message has replies, or is one). Kept for the record; ephemeralFor() skips it.
   */
  hidden?: 'inactive_thread';
  at: number;
}

export interface StoredView {
  id: string;
  type: 'modal' | 'home';
  user: string;
  team_id: string;
  app_id: string;
  bot_id: string;
  hash: string;
  /** The view as the app sent it (title, blocks, callback_id, private_metadata …). */
  view: Record<string, unknown>;
  external_id?: string;
  root_view_id?: string;
  previous_view_id?: string;
  state: { values: Record<string, Record<string, unknown>> };
  /** Field errors from a `response_action: errors` ack, by block_id. */
  errors?: Record<string, string>;
  open: boolean;
  updates: number;
}

export interface StoredUnfurl {
  channel: string;
  ts: string;
  unfurlId: string;
  urls: string[];
  unfurls: Record<string, unknown>;
  calls: number;
}

export interface StoredFile {
  id: string;
  filename: string;
  title?: string;
  length: number;
  uploadedBytes?: number;
  /** The uploaded bytes (base64, so the state file can hold them); read back with fileText(). */
  contentBase64?: string;
  completed: boolean;
  /** Processing finished and the file's share message is in its channel or thread. */
  shared?: boolean;
  thread_ts?: string;
  channel?: string;
  ts?: string;
  alt_text?: string;
  snippet_type?: string;
}

export interface SlackUser {
  id: string;
  name: string;
  real_name: string;
  is_admin: boolean;
  is_owner: boolean;
  is_bot: boolean;
  tz: string;
  /** IETF tag (users.info with include_locale), e.g. en-US, zh-CN. */
  locale?: string;
  /** The user's workspace; unset: the seed workspace (T0EMUTEAM1). */
  team_id?: string;
  /** An Enterprise Grid org user (the org-wide bot). */
  enterprise_id?: string;
}

export interface SlackChannel {
  id: string;
  name: string;
  is_im: boolean;
  is_private: boolean;
  /** For a DM: the other user. */
  user?: string;
  created: number;
  /** Archived channels are left out of conversations.list with exclude_archived. Default false. */
  is_archived?: boolean;
  /** Whether the bot is a member (a bot sees only the private channels it is in). Default true. */
  bot_is_member?: boolean;
  /** The people in the channel (users.conversations with `user`); unset: every person of the workspace. */
  members?: string[];
  /** The workspace the channel was created in; unset: the seed workspace (T0EMUTEAM1). */
  team_id?: string;
  /** For a channel shared between workspaces of an org: all of them (its own included). */
  shared_team_ids?: string[];
  /** The org of an org-shared channel. */
  enterprise_id?: string;
}

import type { EventEmitter } from 'node:events';

/** A workspace as the playground lists it (GET /api/workspaces). */
export interface WorkspaceListing {
  id: string;
  name: string;
  domain: string;
  enterprise_id?: string;
  enterprise_name?: string;
  /** The app serves this workspace (its own installation or its org's org-wide one). */
  installed: boolean;
  /** Whether that installation is the org-wide one. */
  is_enterprise_install?: boolean;
  install_url?: string;
}

export interface SlackEmulator {
  url: string;
  /** `${url}/api/`: give to WebClient as slackApiUrl. */
  apiUrl: string;
  teamId: string;
  botUserId: string;
  botId: string;
  appId: string;
  botName: string;
  defaultChannelId: string;
  secondChannelId: string;
  defaultDmId: string;
  defaultUserId: string;
  adminUserId: string;
  /** The app's slash commands as given in the options (the playground reads them from the manifest). */
  slashCommands: readonly SlashCommandSpec[];
  /** The app's OAuth credentials; `authorizeUrl` is the approval page (`${url}/oauth/v2/authorize`). */
  oauth: { clientId: string; clientSecret: string; authorizeUrl: string };
  /**
   * What the approval page's Allow (or, with `deny`, Cancel) does for an authorize URL the app
   * built: the redirect Location the browser would follow (`redirect_uri?code=…&state=…`). The
   * workspace is `teamId` (default: the `team` in the URL, else the seed); `enterpriseId` installs
   * org-wide. The acting user defaults to that workspace's admin.
   */
  approveInstall(p: { authorizeUrl: string; teamId?: string; enterpriseId?: string; userId?: string; deny?: boolean }): Promise<string>;
  /**
   * An admin removes the app in Slack: the installation's tokens are revoked, then tokens_revoked
   * and app_uninstalled are delivered. Resolves once both were delivered.
   */
  uninstallApp(p: { teamId: string } | { enterpriseId: string }): Promise<DeliveryResult[]>;
  /** The app's "Add to Slack" URL (e.g. http://localhost:3000/slack/install), listed by GET /api/workspaces. */
  setInstallUrl(url: string | undefined): void;
  /** Every workspace with its org and whether the app is installed there (directly or org-wide). */
  workspaces(): WorkspaceListing[];
  setRequestUrl(url: string): void;
  /**
   * The address people open the playground at (e.g. http://localhost:3000): auth.test's workspace
   * `url` and chat.getPermalink point there, so a permalink opens its thread in the playground.
   * Until set, they name a made-up https://<team>.slack.com/ workspace.
   */
  setPublicUrl(url: string): void;
  setDeliveryMode(mode: 'http' | 'socket'): void;
  /** Drops every Web API connection unanswered while true (see `webApiUnreachable`). */
  setWebApiUnreachable(unreachable: boolean): void;
  /** Block types refused from now on (see `refusedBlockTypes`); [] takes every block again. */
  setRefusedBlockTypes(types: string[]): void;
  /** How many Web API calls were dropped unanswered while unreachable, since the start. */
  droppedWebApiCalls(): number;
  sendCommand(p: { command: string; text?: string; channel_id?: string; user_id?: string }): Promise<DeliveryResult>;
  postMessage(p: {
    text: string;
    channel_id?: string;
    thread_ts?: string;
    /** A thread reply "also sent to the channel" (subtype thread_broadcast). */
    reply_broadcast?: boolean;
    user_id?: string;
    /** Posted by another app's bot (this bot id) instead of a user: the event carries bot_id. */
    bot_id?: string;
  }): Promise<{ ts: string; deliveries: DeliveryResult[] }>;
  /** The author edits a message: `message_changed` is delivered (undefined when the app is not subscribed). */
  editMessage(p: {
    channel_id: string;
    ts: string;
    text: string;
    user_id?: string;
  }): Promise<{ eventTs: string; delivery: DeliveryResult | undefined }>;
  clickAction(p: {
    channel_id: string;
    message_ts: string;
    action_id: string;
    value?: string;
    user_id?: string;
    ephemeral?: boolean;
  }): Promise<DeliveryResult>;
  /** A click inside an open modal or the Home tab. */
  clickViewAction(p: { view_id: string; action_id: string; value?: string; user_id?: string }): Promise<DeliveryResult>;
  submitView(p: { view_id: string; values: Record<string, Record<string, unknown>>; user_id?: string }): Promise<DeliveryResult>;
  /** The user dismisses a modal (view_closed delivered when notify_on_close). */
  closeView(p: { view_id: string; user_id?: string }): Promise<DeliveryResult | undefined>;
  messageShortcut(p: { callback_id: string; channel_id: string; message_ts: string; user_id?: string }): Promise<DeliveryResult>;
  sendEvent(event: Record<string, unknown>, opts?: { eventId?: string }): Promise<DeliveryResult>;
  openHome(userId?: string): Promise<DeliveryResult>;
  /** The user opens the app's agent view (Messages tab): `app_home_opened` with tab `messages`. */
  openAgentView(userId?: string): Promise<DeliveryResult>;
  /**
   * The user presses the native Stop button of an agent session: `agent_session_stopped` with the
   * thread's streams still open (they are stopped, as Slack stops them).
   */
  pressStop(p: { channel_id: string; thread_ts: string; user_id?: string }): Promise<DeliveryResult>;
  /** Sets a user's locale (what users.info answers with include_locale). */
  setUserLocale(userId: string, locale: string): void;
  shareLink(p: { url: string; channel_id?: string; user_id?: string }): Promise<DeliveryResult>;
  /** Sends `{type:'disconnect', reason:'refresh_requested'}` to every Socket Mode connection. */
  refreshSocketConnections(): void;
  socketConnectionCount(): number;
  /** Event redeliveries scheduled and not yet sent: 0 means no retry of any event is still coming. */
  pendingEventRetries(): number;
  calls: ApiCall[];
  deliveries: DeliveryRecord[];
  /** The channels of a workspace (default: the seed workspace), shared ones included. */
  channels(teamId?: string): SlackChannel[];
  /** Adds a channel to the workspace (private, archived, or one the bot is not in). */
  addChannel(p: NewChannel): SlackChannel;
  channelMessages(channelId: string): StoredMessage[];
  threadReplies(channelId: string, threadTs: string): StoredMessage[];
  ephemeralFor(userId: string, channelId?: string): StoredEphemeral[];
  /** The feedback button `user_id` last pressed on a message (any feedback_buttons, or the one `action_id` names). */
  feedbackSelection(p: { channel_id: string; message_ts: string; user_id: string; action_id?: string }): FeedbackChoice | undefined;
  /** Open modals of a user, bottom of the stack first. */
  openModals(userId?: string): StoredView[];
  views: Map<string, StoredView>;
  homeViews: Map<string, StoredView>;
  unfurls: Map<string, StoredUnfurl>;
  files: Map<string, StoredFile>;
  /** The text of an uploaded file (UTF-8), once its bytes arrived at the upload URL. */
  fileText(fileId: string): string | undefined;
  /** Holds file processing: completed uploads stay unshared until released (Slack shares asynchronously). */
  holdFileProcessing(held: boolean): void;
  /** Completed uploads whose processing has not finished. */
  pendingFileProcessing(): number;
  /** assistant.threads.setStatus state by `${channel}:${thread_ts}`. */
  statuses: Map<string, { status: string; loading_messages?: unknown; at: number }>;
  /** Suggested prompts and titles by `${channel}:${thread_ts}` (thread_ts '' for the DM's own). */
  agentThreads: Map<string, AgentThreadRecord>;
  /** agents.sessions.* state by `${channel}:${thread_ts}`, with the history of statuses. */
  agentSessions: Map<string, AgentSessionRecord>;
  /** When the app first posted to this response_url (clock ms), if it has. */
  responseUrlFirstUse(url: string): number | undefined;
  waitFor<T>(fn: () => T | undefined | false | null, timeoutMs?: number): Promise<T>;
  /** 'change' on every state change, with `{kind, channel?, user?}`. */
  events: EventEmitter;
  /**
   * Empties the workspace back to its seed (kind 'reset'), saves that to the state file, then calls
   * `onReset`. Ids and ts values carry on: nothing issued before the reset is issued again.
   */
  reset(): Promise<void>;
  /** Stops serving; with a state file, the last changes are written first. */
  close(): Promise<void>;
}

/** A channel a test adds (addChannel). */
export interface NewChannel {
  name: string;
  is_private?: boolean;
  is_archived?: boolean;
  bot_is_member?: boolean;
  members?: string[];
  /** The workspace it belongs to (default: the seed workspace). */
  team_id?: string;
}
