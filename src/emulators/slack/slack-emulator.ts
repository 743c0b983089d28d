import type { EmulatorCanvases } from './canvases/emulator-canvases.js';
import type { EventEmitter } from 'node:events';
import type { AgentSessionRecord, AgentThreadRecord } from './agent-view-state.js';
import type { ApiCall } from './api-call.js';
import type { DeliveryRecord, DeliveryResult } from './delivery/delivery-record.js';
import type { ShareFileRequest } from './file-share.js';
import type { NewChannel, SlackChannel } from './slack-channel.js';
import type { SlashCommandSpec } from './slack-emulator-options.js';
import type { StoredEphemeral } from './stored-ephemeral.js';
import type { StoredFile } from './stored-file.js';
import type { FeedbackChoice, StoredMessage } from './stored-message.js';
import type { StoredUnfurl } from './stored-unfurl.js';
import type { StoredView } from './stored-view.js';
import type { WorkspaceListing } from './workspace-listing.js';
import type { EmulatorWorkflows } from './workflows/emulator-workflows.js';
import type { EmulatorWorkObjects } from './work-objects/emulator-work-objects.js';

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
  /**
   * The author edits a message: `message_changed` is delivered (undefined when the app is not
   * subscribed) and, when the message mentions the app outside a DM, `app_mention` again (same
   * ts, an `edited` field, a new event id) as `mention`.
   */
  editMessage(p: {
    channel_id: string;
    ts: string;
    text: string;
    user_id?: string;
  }): Promise<{ eventTs: string; delivery: DeliveryResult | undefined; mention?: DeliveryResult }>;
  /** The author deletes a message: hidden `message_deleted` is delivered (undefined when not subscribed). */
  deleteMessage(p: {
    channel_id: string;
    ts: string;
    user_id?: string;
  }): Promise<{ eventTs: string; delivery: DeliveryResult | undefined }>;
  /** Slackbot writes in a DM (default: the default user's), `user: 'USLACKBOT'` and no bot_id. */
  postSlackbotMessage(p: { text: string; channel_id?: string }): Promise<{ ts: string; delivery: DeliveryResult | undefined }>;
  /**
   * A user shares a file with a message (subtype `file_share`, Slack's file object under `files`).
   * The bytes (a Buffer, or UTF-8 text; default none) are kept with the workspace: files.info
   * describes the file and `url_private` serves them to a bot token of the sharer's workspace.
   */
  shareFile(p: ShareFileRequest): Promise<{ ts: string; fileId: string; deliveries: DeliveryResult[] }>;
  /**
   * Someone deletes a file in Slack: files.info answers `file_deleted`, `url_private` 404, the
   * message keeps `{id, mode: 'tombstone'}`; `file_deleted` is delivered when subscribed.
   */
  deleteFile(fileId: string): Promise<{ delivery: DeliveryResult | undefined }>;
  /** The bytes of a file (shared or uploaded), undefined once deleted or before they arrived. */
  fileBytes(fileId: string): Buffer | undefined;
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
  /** Every request for a file's `url_private`/`url_private_download`, in order, with the status answered. */
  fileRequests: ReadonlyArray<{ fileId: string; method: string; status: number }>;
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
  /**
   * Workflow Builder: the app's functions (manifest `functions`), saved workflows, runs now or on a
   * schedule (`tick()` after moving the clock), each step's status, outputs or error.
   */
  workflows: EmulatorWorkflows;
  /** Work Objects: a user opens a message's Work Object (its side panel), reads it, clicks its actions. */
  workObjects: EmulatorWorkObjects;
  /** Canvases: a channel's canvases and their Markdown, deleting one as a user, workspaces without canvases. */
  canvases: EmulatorCanvases;
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
