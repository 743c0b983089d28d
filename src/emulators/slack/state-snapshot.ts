/**
 * The Slack emulator's workspace as plain, versioned JSON (the playground's `slack.json`), and the
 * conversions between it and EmulatorState. Only what the workspace shows is kept: channels,
 * users, messages with their threads, reactions and streams, views and modal stacks, Home tabs,
 * files, unfurls, assistant statuses, and the id/ts cursor. Transient things (API call log,
 * deliveries, trigger ids, response_urls, ephemeral messages, which Slack drops on reload too)
 * and the credentials (new on every start) are not. Installations are, with their tokens as
 * SHA-256 hashes only, so an installed workspace's token still works after a restart.
 */
import { canvasesSnapshotSchema } from './canvases/canvases-state.js';
import { z } from 'zod';
import type { Installation, StoredToken } from './installations.js';
import type { EmulatorState } from './state.js';
import { otherWorkspaceChannels, otherWorkspaceUsers } from './workspaces.js';
import type { SlackChannel } from './slack-channel.js';
import type { SlackUser } from './slack-user.js';
import type { StoredFile } from './stored-file.js';
import type { StoredMessage, StreamInfo } from './stored-message.js';
import type { StoredUnfurl } from './stored-unfurl.js';
import type { StoredView } from './stored-view.js';
import type { StreamChunk } from './validation/chunks.js';

export const SLACK_SNAPSHOT_VERSION = 1;

/**
 * Ids issued after the last write before a crash are not in the snapshot; the restored counter
 * skips far past them (many more than a write interval can issue) so none is issued twice.
 */
export const ID_COUNTER_SKIP = 100_000;

const channelSchema: z.ZodType<SlackChannel> = z.object({
  id: z.string(),
  name: z.string(),
  is_im: z.boolean(),
  is_private: z.boolean(),
  user: z.string().optional(),
  created: z.number(),
  members: z.array(z.string()).optional(),
  team_id: z.string().optional(),
  shared_team_ids: z.array(z.string()).optional(),
  enterprise_id: z.string().optional(),
  is_ext_shared: z.boolean().optional(),
  connected_team_ids: z.array(z.string()).optional(),
});

const userSchema: z.ZodType<SlackUser> = z.object({
  id: z.string(),
  name: z.string(),
  real_name: z.string(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
  is_bot: z.boolean(),
  tz: z.string(),
  locale: z.string().optional(),
  team_id: z.string().optional(),
  enterprise_id: z.string().optional(),
  org_role: z.object({ is_admin: z.boolean(), is_owner: z.boolean() }).optional(),
});

const installationSchema: z.ZodType<Installation> = z.object({
  key: z.string(),
  teamId: z.string().nullable(),
  enterpriseId: z.string().nullable(),
  isEnterpriseInstall: z.boolean(),
  bot: z.object({ userId: z.string(), botId: z.string() }),
  scopes: z.array(z.string()),
  installerUserId: z.string(),
  installedAt: z.number(),
  distribution: z.enum(['internal', 'non-marketplace', 'marketplace']).optional(),
});

/** A token by its SHA-256 only: the file never holds a credential. */
const storedTokenSchema: z.ZodType<StoredToken> = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  installKey: z.string(),
  kind: z.enum(['access', 'refresh']),
  expiresAt: z.number().optional(),
  revoked: z.boolean(),
});

const chunkSchema: z.ZodType<StreamChunk> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('markdown_text'), text: z.string() }),
  z.object({
    type: z.literal('task_update'),
    id: z.string(),
    title: z.string(),
    status: z.string(),
    details: z.string().optional(),
    output: z.string().optional(),
    sources: z.array(z.unknown()).optional(),
  }),
  z.object({ type: z.literal('plan_update'), title: z.string() }),
  z.object({ type: z.literal('blocks'), blocks: z.array(z.unknown()) }),
]);

const streamSchema: z.ZodType<StreamInfo> = z.object({
  state: z.enum(['streaming', 'stopped']),
  endReason: z.enum(['stopped', 'lifetime', 'idle', 'max_chars']).optional(),
  mode: z.enum(['markdown_text', 'chunks']).optional(),
  recipientUserId: z.string().optional(),
  recipientTeamId: z.string().optional(),
  taskDisplayMode: z.string(),
  startedAt: z.number(),
  lastActivityAt: z.number(),
  appends: z.number(),
  chunks: z.array(chunkSchema),
  tasks: z.record(z.string(), z.record(z.string(), z.unknown())),
  plan: z.string().optional(),
});

// Loose objects: a field added to StoredMessage or StoredView later survives a restart without
// touching this file; the fields checked are the ones the emulator relies on.
const messageSchema: z.ZodType<StoredMessage> = z.looseObject({
  type: z.literal('message'),
  ts: z.string(),
  channel: z.string(),
  user: z.string(),
  bot_id: z.string().optional(),
  app_id: z.string().optional(),
  team: z.string(),
  subtype: z.string().optional(),
  text: z.string(),
  blocks: z.array(z.unknown()).optional(),
  attachments: z.array(z.unknown()).optional(),
  metadata: z.object({ event_type: z.string(), event_payload: z.record(z.string(), z.unknown()) }).optional(),
  thread_ts: z.string().optional(),
  reply_count: z.number(),
  reply_users: z.array(z.string()),
  latest_reply: z.string().optional(),
  edits: z.number(),
  edited: z.object({ user: z.string(), ts: z.string() }).optional(),
  reactions: z.array(z.object({ name: z.string(), users: z.array(z.string()), count: z.number() })),
  // Loose: a shared file carries Slack's whole file object; a deleted one is `{id, mode: 'tombstone'}`.
  files: z
    .array(
      z.looseObject({
        id: z.string(),
        mode: z.string().optional(),
        name: z.string().optional(),
        title: z.string().optional(),
        size: z.number().optional(),
        mimetype: z.string().optional(),
        filetype: z.string().optional(),
        permalink: z.string().optional(),
        url_private: z.string().optional(),
      }),
    )
    .optional(),
  streaming: streamSchema.optional(),
  feedback: z.record(z.string(), z.record(z.string(), z.enum(['positive', 'negative']))).optional(),
});

const viewSchema: z.ZodType<StoredView> = z.looseObject({
  id: z.string(),
  type: z.enum(['modal', 'home']),
  user: z.string(),
  team_id: z.string(),
  app_id: z.string(),
  bot_id: z.string(),
  hash: z.string(),
  view: z.record(z.string(), z.unknown()),
  external_id: z.string().optional(),
  root_view_id: z.string().optional(),
  previous_view_id: z.string().optional(),
  state: z.object({ values: z.record(z.string(), z.record(z.string(), z.unknown())) }),
  errors: z.record(z.string(), z.string()).optional(),
  open: z.boolean(),
  updates: z.number(),
});

const unfurlSchema: z.ZodType<StoredUnfurl> = z.object({
  channel: z.string(),
  ts: z.string(),
  unfurlId: z.string(),
  urls: z.array(z.string()),
  unfurls: z.record(z.string(), z.unknown()),
  entities: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  calls: z.number(),
});

const fileSchema: z.ZodType<StoredFile> = z.object({
  id: z.string(),
  filename: z.string(),
  title: z.string().optional(),
  length: z.number(),
  uploadedBytes: z.number().optional(),
  contentBase64: z.string().optional(),
  completed: z.boolean(),
  shared: z.boolean().optional(),
  thread_ts: z.string().optional(),
  channel: z.string().optional(),
  ts: z.string().optional(),
  alt_text: z.string().optional(),
  snippet_type: z.string().optional(),
  teamId: z.string().optional(),
  user: z.string().optional(),
  created: z.number().optional(),
  mimetype: z.string().optional(),
  deleted: z.boolean().optional(),
});

const statusSchema = z.object({ status: z.string(), loading_messages: z.unknown().optional(), at: z.number() });

export const slackStateSnapshotSchema = z.object({
  version: z.literal(SLACK_SNAPSHOT_VERSION),
  cursor: z.object({ idCounter: z.number().int().nonnegative(), lastTsMicros: z.number().int().nonnegative() }),
  channels: z.array(channelSchema),
  users: z.array(userSchema),
  /** Channel by channel, each in ts order (the order the emulator keeps them in). */
  messages: z.array(messageSchema),
  /** Modals and Home tabs; `homeViews` and `modalStacks` refer to them by id. */
  views: z.array(viewSchema),
  /** User id → view id of the user's Home tab. */
  homeViews: z.record(z.string(), z.string()),
  /** User id → view ids, bottom of the stack first. */
  modalStacks: z.record(z.string(), z.array(z.string())),
  /** `${channel}:${ts}` → the unfurl of that message. */
  unfurls: z.record(z.string(), unfurlSchema),
  files: z.array(fileSchema),
  /** `${channel}:${thread_ts}` → assistant status. */
  statuses: z.record(z.string(), statusSchema),
  /** Where the app is installed (absent in files written before there were several workspaces: the seed only). */
  installations: z.array(installationSchema).optional(),
  /** The installations' tokens as SHA-256 hashes; the configured bot token is not among them. */
  tokens: z.array(storedTokenSchema).optional(),
  /** Canvases and the workspaces without them (absent in files written before canvases). */
  canvases: canvasesSnapshotSchema.optional(),
});

export type SlackStateSnapshot = z.infer<typeof slackStateSnapshotSchema>;

/** The workspace as a plain JSON value (deep copies: the snapshot is written later, asynchronously). */
export function snapshotOfState(state: EmulatorState): SlackStateSnapshot {
  return structuredClone({
    version: SLACK_SNAPSHOT_VERSION,
    cursor: { ...state.cursor },
    channels: [...state.channels.values()],
    users: [...state.users.values()],
    messages: state.storedMessages(),
    views: [...state.views.values()],
    homeViews: Object.fromEntries([...state.homeViews].map(([user, view]) => [user, view.id])),
    modalStacks: Object.fromEntries(state.modalStacks),
    unfurls: Object.fromEntries(state.unfurls),
    files: [...state.files.values()],
    statuses: Object.fromEntries(state.statuses),
    ...state.installs.snapshot(),
    canvases: state.canvases.snapshot(),
  });
}

/** Replaces the workspace with a snapshot's (after `slackStateSnapshotSchema` checked it). */
function orgFieldsOf(user: SlackUser): Pick<SlackUser, 'enterprise_id' | 'org_role'> {
  return {
    ...(user.enterprise_id !== undefined ? { enterprise_id: user.enterprise_id } : {}),
    ...(user.org_role !== undefined ? { org_role: user.org_role } : {}),
  };
}

export function restoreStateSnapshot(state: EmulatorState, snapshot: SlackStateSnapshot): void {
  state.clearWorkspace();
  state.cursor.idCounter = Math.max(state.cursor.idCounter, snapshot.cursor.idCounter + ID_COUNTER_SKIP);
  state.cursor.lastTsMicros = Math.max(state.cursor.lastTsMicros, snapshot.cursor.lastTsMicros);
  for (const c of snapshot.channels) state.channels.set(c.id, c);
  for (const u of snapshot.users) state.users.set(u.id, u);
  state.loadMessages(snapshot.messages);
  // One object per view, shared by `views` and `homeViews` as in a running emulator.
  for (const v of snapshot.views) state.views.set(v.id, v);
  for (const [user, viewId] of Object.entries(snapshot.homeViews)) {
    const view = state.views.get(viewId);
    if (view !== undefined) state.homeViews.set(user, view);
  }
  for (const [user, stack] of Object.entries(snapshot.modalStacks)) state.modalStacks.set(user, stack);
  for (const [key, unfurl] of Object.entries(snapshot.unfurls)) state.unfurls.set(key, unfurl);
  for (const f of snapshot.files) state.files.set(f.id, f);
  for (const [key, status] of Object.entries(snapshot.statuses)) state.statuses.set(key, status);
  state.canvases.restore(snapshot.canvases);
  // A file from before there were several workspaces lacks the others: they come back as seeded.
  // Org membership and org roles are the data's: a file saved before they existed gets them.
  for (const u of otherWorkspaceUsers(state.botName)) {
    const saved = state.users.get(u.id);
    state.users.set(u.id, saved === undefined ? u : { ...saved, ...orgFieldsOf(u) });
  }
  for (const c of otherWorkspaceChannels(Math.floor(state.clock() / 1000))) if (!state.channels.has(c.id)) state.channels.set(c.id, c);
  if (snapshot.installations === undefined) {
    state.installs.clear();
    state.installs.installSeed();
  } else {
    state.installs.restore({ installations: snapshot.installations, tokens: snapshot.tokens ?? [] });
  }
}
