import { EventEmitter } from 'node:events';
import { AgentViewState } from './agent-view-state.js';
import { WorkObjectsState } from './work-objects/work-objects-state.js';
import { CanvasesState } from './canvases/canvases-state.js';
import { createIdFactory, createTsFactory, newIdCursor } from './ids.js';
import { streamExpiry, type StreamLimits } from './stream-lifecycle.js';
import { FileProcessing } from './file-processing.js';
import type { ChangeEvent } from './change-event.js';
import { dmChannelRecord, type NewChannel, newChannelRecord, type SlackChannel } from './slack-channel.js';
import type { ApiCall } from './api-call.js';
import type { ResponseUrlEntry } from './response-url-entry.js';
import type { TriggerEntry } from './trigger-entry.js';
import type { DeliveryRecord } from './delivery/delivery-record.js';
import type { SlackUser } from './slack-user.js';
import type { StoredEphemeral } from './stored-ephemeral.js';
import type { StoredFile } from './stored-file.js';
import type { StoredMessage } from './stored-message.js';
import type { StoredUnfurl } from './stored-unfurl.js';
import type { StoredView } from './stored-view.js';
import { DEFAULT_BOT_SCOPES } from './config.js';
import { InstallationRegistry } from './installations.js';
import { WorkflowState } from './workflows/workflow-state.js';
import { seedChannels, seedUsers, workspaceSeed } from './workspace-seed.js';
import { type BotIdentity, findWorkspace, otherWorkspaceChannels, otherWorkspaceUsers, teamOfUser, teamsOfChannel } from './workspaces.js';

/** Everything the emulated workspace holds. Mutated only by the Web API handlers and user actions. */
export class EmulatorState {
  readonly seed = workspaceSeed;
  readonly channels = new Map<string, SlackChannel>();
  readonly users = new Map<string, SlackUser>();
  private readonly messagesByChannel = new Map<string, StoredMessage[]>();
  readonly ephemerals: StoredEphemeral[] = [];
  readonly views = new Map<string, StoredView>();
  readonly modalStacks = new Map<string, string[]>();
  readonly homeViews = new Map<string, StoredView>();
  readonly unfurls = new Map<string, StoredUnfurl>();
  readonly files = new Map<string, StoredFile>();
  /** Every request for a file's private URL, in order (tests: what was downloaded, by whom it was refused). */
  readonly fileRequests: Array<{ fileId: string; method: string; status: number }> = [];
  readonly fileProcessing = new FileProcessing();
  readonly statuses = new Map<string, { status: string; loading_messages?: unknown; at: number }>();
  /** Suggested prompts, thread titles and agent sessions the app set. */
  readonly agentView = new AgentViewState();
  /** Work Object side panels, their triggers, and the workspaces that take no Work Objects. */
  readonly workObjects = new WorkObjectsState();
  /** Canvases (canvases.*, conversations.canvases.create) and the workspaces without them. */
  readonly canvases = new CanvasesState();
  readonly triggers = new Map<string, TriggerEntry>();
  readonly responseUrls = new Map<string, ResponseUrlEntry>();
  readonly calls: ApiCall[] = [];
  /** Block types this workspace refuses with invalid_blocks (a new block not rolled out to it). */
  readonly refusedBlockTypes = new Set<string>();
  readonly deliveries: DeliveryRecord[] = [];
  readonly events = new EventEmitter();
  /** Where the id and ts factories are; a snapshot keeps it so a restart never reuses either. */
  readonly cursor = newIdCursor();
  readonly nextTs: () => string;
  readonly newId: (prefix: string) => string;
  /** Where the app is installed, and the bot tokens of each installation. */
  readonly installs: InstallationRegistry;
  /** The app's workflow functions (manifest `functions`) and their executions with workflow tokens. */
  readonly workflows: WorkflowState;

  constructor(
    readonly clock: () => number,
    readonly streamLimits: StreamLimits,
    readonly botName: string,
    seedAuth: { botToken: string; scopes: readonly string[] } = { botToken: 'xoxb-emulator-bot-token', scopes: DEFAULT_BOT_SCOPES },
    tokenLifetimeS?: number,
  ) {
    this.nextTs = createTsFactory(clock, this.cursor);
    this.newId = createIdFactory(this.cursor);
    this.events.setMaxListeners(0);
    this.installs = new InstallationRegistry(clock, seedAuth, tokenLifetimeS);
    this.workflows = new WorkflowState(clock, this.newId, () => this.changed({ kind: 'workflow' }));
    this.seedWorkspace();
  }

  /** The seed workspace first (its channels win a lookup by name), then the other workspaces and the org. */
  private seedWorkspace(): void {
    const created = Math.floor(this.clock() / 1000);
    for (const u of [...seedUsers(this.botName), ...otherWorkspaceUsers(this.botName)]) this.users.set(u.id, u);
    for (const c of [...seedChannels(created), ...otherWorkspaceChannels(created)]) {
      this.channels.set(c.id, c);
      this.messagesByChannel.set(c.id, []);
    }
  }

  /**
   * Empties the workspace: no channels, users or messages, not even the seed ones (`resetToSeed`
   * puts those back; a snapshot being restored brings its own). Logs go too. The id/ts cursor
   * carries on, so nothing issued before is issued again.
   */
  clearWorkspace(): void {
    for (const map of [
      this.channels,
      this.users,
      this.messagesByChannel,
      this.views,
      this.modalStacks,
      this.homeViews,
      this.unfurls,
      this.files,
      this.statuses,
      this.triggers,
      this.responseUrls,
    ]) {
      map.clear();
    }
    // Emptied in place: the emulator hands these arrays out by reference.
    this.agentView.clear();
    this.workObjects.clear();
    this.canvases.clear();
    this.ephemerals.length = 0;
    this.calls.length = 0;
    this.deliveries.length = 0;
  }

  /** The playground's "Reset": back to the seed workspace every emulator starts with. */
  resetToSeed(): void {
    this.clearWorkspace();
    this.seedWorkspace();
    this.installs.clear();
    this.installs.installSeed();
    this.changed({ kind: 'reset' });
  }

  /** Every channel's messages as stored, channel by channel in ts order (no stream refresh): for snapshots. */
  storedMessages(): StoredMessage[] {
    return [...this.messagesByChannel.values()].flat();
  }

  /** Puts back messages `storedMessages()` returned, thread counts included; no change events. */
  loadMessages(messages: StoredMessage[]): void {
    for (const message of messages) {
      let list = this.messagesByChannel.get(message.channel);
      if (list === undefined) {
        list = [];
        this.messagesByChannel.set(message.channel, list);
      }
      list.push(message);
    }
  }

  /** The bot that acts in a workspace: the serving installation's, else the workspace's own. */
  botFor(teamId: string): BotIdentity {
    const installed = this.installs.serving(teamId)?.bot;
    if (installed !== undefined) return installed;
    return findWorkspace(teamId)?.bot ?? { userId: this.seed.botUserId, botId: this.seed.botId };
  }

  /** The workspace a channel is in (the first one for a shared channel). */
  teamOfChannel(channelId: string): string {
    const channel = this.channels.get(channelId);
    return channel === undefined ? this.seed.teamId : (teamsOfChannel(channel)[0] ?? this.seed.teamId);
  }

  changed(change: ChangeEvent): void {
    this.events.emit('change', change);
  }

  /**
   * A channel id, or a user id (posting to a user id lands in that user's DM with the bot), or a
   * name. With `reach` (the workspaces a token acts in), anything outside them is not found.
   */
  resolveChannel(idOrUser: string | undefined, reach?: ReadonlySet<string>): SlackChannel | undefined {
    if (idOrUser === undefined || idOrUser === '') return undefined;
    const visible = (c: SlackChannel): boolean => reach === undefined || teamsOfChannel(c).some((t) => reach.has(t));
    const channel = this.channels.get(idOrUser);
    if (channel !== undefined) return visible(channel) ? channel : undefined;
    const name = idOrUser.replace(/^#/, '');
    for (const c of this.channels.values()) if (!c.is_im && c.name === name && visible(c)) return c;
    const user = this.users.get(idOrUser);
    if (user === undefined || user.is_bot || (reach !== undefined && !reach.has(teamOfUser(user)))) return undefined;
    return this.dmFor(user.id);
  }

  dmFor(userId: string): SlackChannel {
    for (const c of this.channels.values()) if (c.is_im && c.user === userId) return c;
    const dm = dmChannelRecord(this.newId('D'), userId, Math.floor(this.clock() / 1000), this.users.get(userId)?.team_id);
    this.channels.set(dm.id, dm);
    this.messagesByChannel.set(dm.id, []);
    this.changed({ kind: 'channel_created', channel: dm.id });
    return dm;
  }

  /** A new channel (in-process test set-up: archived, private, or one the bot is not in). */
  addChannel(p: NewChannel): SlackChannel {
    const channel = newChannelRecord(this.newId('C'), p, Math.floor(this.clock() / 1000));
    this.channels.set(channel.id, channel);
    this.messagesByChannel.set(channel.id, []);
    this.changed({ kind: 'channel_created', channel: channel.id });
    return channel;
  }

  /** All messages of a channel (top-level and replies) in ts order; streams past their limits end here. */
  allMessages(channelId: string): StoredMessage[] {
    const list = this.messagesByChannel.get(channelId) ?? [];
    for (const m of list) this.refreshStream(m);
    return list;
  }

  findMessage(channelId: string, ts: string): StoredMessage | undefined {
    const found = (this.messagesByChannel.get(channelId) ?? []).find((m) => m.ts === ts);
    if (found !== undefined) this.refreshStream(found);
    return found;
  }

  addMessage(message: StoredMessage): void {
    let list = this.messagesByChannel.get(message.channel);
    if (list === undefined) {
      list = [];
      this.messagesByChannel.set(message.channel, list);
    }
    list.push(message);
    if (message.thread_ts !== undefined && message.thread_ts !== message.ts) {
      const parent = list.find((m) => m.ts === message.thread_ts);
      if (parent !== undefined) {
        parent.thread_ts = parent.ts;
        parent.reply_count += 1;
        parent.latest_reply = message.ts;
        if (!parent.reply_users.includes(message.user)) parent.reply_users.push(message.user);
      }
    }
    this.changed({ kind: 'message', channel: message.channel });
  }

  removeMessage(channelId: string, ts: string): boolean {
    const list = this.messagesByChannel.get(channelId);
    if (list === undefined) return false;
    const index = list.findIndex((m) => m.ts === ts);
    if (index < 0) return false;
    const [removed] = list.splice(index, 1);
    if (removed?.thread_ts !== undefined && removed.thread_ts !== removed.ts) {
      const parent = list.find((m) => m.ts === removed.thread_ts);
      if (parent !== undefined) parent.reply_count = Math.max(0, parent.reply_count - 1);
    }
    this.changed({ kind: 'message_deleted', channel: channelId });
    return true;
  }

  /** Ends a native stream that outlived its lifetime, idled, or grew past the size limit. */
  refreshStream(message: StoredMessage): void {
    const stream = message.streaming;
    if (stream === undefined) return;
    const reason = streamExpiry(stream, message.text.length, this.clock(), this.streamLimits);
    if (reason === undefined) return;
    stream.state = 'stopped';
    stream.endReason = reason;
    this.changed({ kind: 'stream_ended', channel: message.channel });
  }

  /**
   * What the channel shows: top-level messages, each with copies of its thread replies, and
   * replies also sent to the channel (subtype thread_broadcast), which appear in both places.
   */
  channelMessages(channelId: string): StoredMessage[] {
    const all = this.allMessages(channelId);
    return all
      .filter((m) => m.thread_ts === undefined || m.thread_ts === m.ts || m.subtype === 'thread_broadcast')
      .map((m) => ({
        ...structuredClone(m),
        replies: all.filter((r) => r.thread_ts === m.ts && r.ts !== m.ts).map((r) => structuredClone(r)),
      }));
  }

  threadReplies(channelId: string, threadTs: string): StoredMessage[] {
    return this.allMessages(channelId)
      .filter((m) => m.thread_ts === threadTs && m.ts !== threadTs)
      .map((m) => structuredClone(m));
  }

  /** The ephemeral messages a user sees (not deleted, not posted to a thread that did not exist). */
  ephemeralFor(userId: string, channelId?: string): StoredEphemeral[] {
    return this.ephemerals
      .filter((e) => e.user === userId && !e.deleted && e.hidden === undefined && (channelId === undefined || e.channel === channelId))
      .map((e) => structuredClone(e));
  }

  /** Open modals of a user, bottom of the stack first. */
  openModals(userId: string): StoredView[] {
    return (this.modalStacks.get(userId) ?? []).map((id) => this.views.get(id)).filter((v): v is StoredView => v?.open === true);
  }
}
