/**
 * A person shares a file with a message, and deletes it later. The file keeps its bytes in the
 * emulator state (so a restart keeps them) and belongs to the sharer's workspace; the message
 * (subtype `file_share`) carries Slack's file object, and once the file is deleted a tombstone.
 * @see https://docs.slack.dev/reference/objects/file-object
 * @see https://docs.slack.dev/reference/events/file_deleted
 */
import { actingUser, targetChannel, type ActionDeps } from './action-deps.js';
import type { DeliveryResult } from './delivery/delivery-record.js';
import { scopeOfTeam } from './delivery/payloads.js';
import { EmulatorUsageError } from './errors.js';
import { fileObjectOf, teamOfFile, tombstoneOf } from './file-object.js';
import type { EmulatorState } from './state.js';
import type { StoredFile } from './stored-file.js';
import {
  appServes,
  botSeesMessages,
  messageEventFields,
  messageSubscription,
  normaliseMentions,
  sendEvent,
  userMessage,
} from './user-events.js';
import { connectHostOf, teamOfUser, teamsOfChannel } from './workspaces.js';
import { MAX_FILE_BYTES } from './web-api/files.js';

/** What a test or the playground shares: the bytes as a Buffer (or UTF-8 text). */
export interface FileToShare {
  name: string;
  /** Default: from the name's extension. */
  mimetype?: string;
  title?: string;
  bytes?: Uint8Array | string;
}

export interface ShareFileRequest {
  text: string;
  file: FileToShare;
  channel_id?: string;
  thread_ts?: string;
  user_id?: string;
}

const MIME_TYPE = /^[A-Za-z0-9][\w.+-]*\/[A-Za-z0-9][\w.+-]*$/;

function bytesOf(file: FileToShare): Buffer {
  if (file.bytes === undefined) return Buffer.alloc(0);
  return typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : Buffer.from(file.bytes);
}

/**
 * The workspaces whose bot may read a file: its own, and those of the conversation it was shared
 * in (a Slack Connect channel's host reads what the other organisation shares there).
 */
export function teamsThatRead(state: EmulatorState, file: StoredFile): ReadonlySet<string> {
  const teams = new Set([teamOfFile(file, state.seed.teamId)]);
  const channel = file.channel === undefined ? undefined : state.channels.get(file.channel);
  if (channel !== undefined) for (const t of teamsOfChannel(channel)) teams.add(t);
  return teams;
}

/** The file object of a stored file as its messages and files.info show it. */
export function sharedFileObject(state: EmulatorState, file: StoredFile, baseUrl: string): ReturnType<typeof fileObjectOf> {
  const channel = file.channel === undefined ? undefined : state.channels.get(file.channel);
  return fileObjectOf(file, {
    baseUrl,
    seedTeamId: state.seed.teamId,
    botUserId: state.botFor(teamOfFile(file, state.seed.teamId)).userId,
    isPublic: channel !== undefined && !channel.is_im && !channel.is_private,
  });
}

/**
 * A user shares a file with a message: subtype `file_share` and the file under `files` (as in
 * bolt-python's tests/scenario_tests/test_message_file_share.py), delivered like any message of
 * the channel, and as `app_mention` too when it mentions the app outside a DM.
 */
export async function shareFileMessage(
  deps: ActionDeps,
  p: ShareFileRequest,
): Promise<{ ts: string; fileId: string; deliveries: DeliveryResult[] }> {
  const user = actingUser(deps, p.user_id);
  const channel = targetChannel(deps, p.channel_id);
  const name = p.file.name.trim();
  if (name === '') throw new EmulatorUsageError('invalid_arguments', 'the file needs a name');
  if (p.file.mimetype !== undefined && p.file.mimetype !== '' && !MIME_TYPE.test(p.file.mimetype)) {
    throw new EmulatorUsageError('invalid_arguments', `file.mimetype must look like type/subtype (got ${JSON.stringify(p.file.mimetype)})`);
  }
  const bytes = bytesOf(p.file);
  if (bytes.length > MAX_FILE_BYTES) throw new EmulatorUsageError('file_too_large', `${bytes.length} bytes is over Slack's 1 GB`);
  const teamId = teamOfUser(user);
  // Someone of another organisation shares in a Slack Connect channel: the host's app hears it.
  const servingTeam = connectHostOf(deps.state.channels.values(), user) ?? teamId;
  const mentions = normaliseMentions(p.text, deps.config.botName, deps.state.botFor(servingTeam).userId);
  const message = userMessage(deps, channel.id, user.id, mentions.text, p.thread_ts);
  const file: StoredFile = {
    id: deps.state.newId('F'),
    filename: name,
    title: p.file.title ?? name,
    length: bytes.length,
    uploadedBytes: bytes.length,
    contentBase64: bytes.toString('base64'),
    completed: true,
    shared: true,
    channel: channel.id,
    ts: message.ts,
    ...(p.thread_ts !== undefined ? { thread_ts: p.thread_ts } : {}),
    teamId,
    user: user.id,
    created: Math.floor(deps.config.clock() / 1000),
    ...(p.file.mimetype !== undefined && p.file.mimetype !== '' ? { mimetype: p.file.mimetype } : {}),
  };
  deps.state.files.set(file.id, file);
  message.subtype = 'file_share';
  message.files = [sharedFileObject(deps.state, file, deps.baseUrl())];
  deps.state.addMessage(message);
  if (!appServes(deps, servingTeam)) return { ts: message.ts, fileId: file.id, deliveries: [] };
  const fields = { ...messageEventFields(message, undefined), files: message.files, upload: false, display_as_bot: false };
  const { channelType, subscription } = messageSubscription(channel);
  const sends: Promise<DeliveryResult>[] = [];
  if (deps.config.subscribedEvents.has(subscription) && botSeesMessages(channel)) {
    sends.push(sendEvent(deps, { type: 'message', ...fields, channel_type: channelType }));
  }
  if (mentions.mentionsBot && !channel.is_im && deps.config.subscribedEvents.has('app_mention')) {
    sends.push(sendEvent(deps, { type: 'app_mention', ...fields }));
  }
  return { ts: message.ts, fileId: file.id, deliveries: await Promise.all(sends) };
}

/**
 * Someone deletes a file in Slack: its bytes are gone (url_private answers 404, files.info
 * `file_deleted`), the message that shared it keeps `{id, mode: 'tombstone'}` in its place, and
 * `file_deleted` is delivered when the app subscribes to it (undefined otherwise).
 */
export async function deleteSharedFile(deps: ActionDeps, fileId: string): Promise<{ delivery: DeliveryResult | undefined }> {
  const file = deps.state.files.get(fileId);
  if (file === undefined) throw new EmulatorUsageError('file_not_found', `no file ${fileId}`);
  if (file.deleted === true) throw new EmulatorUsageError('file_deleted', `${fileId} is already deleted`);
  file.deleted = true;
  delete file.contentBase64;
  const channelIds = file.channel === undefined ? [] : [file.channel];
  for (const channelId of channelIds) {
    for (const m of deps.state.allMessages(channelId)) {
      if (m.files?.some((f) => f.id === fileId)) m.files = m.files.map((f) => (f.id === fileId ? tombstoneOf(fileId) : f));
    }
  }
  deps.state.changed({ kind: 'files', ...(file.channel !== undefined ? { channel: file.channel } : {}) });
  const teamId = teamOfFile(file, deps.state.seed.teamId);
  if (!deps.config.subscribedEvents.has('file_deleted') || !appServes(deps, teamId)) return { delivery: undefined };
  const delivery = await sendEvent(
    deps,
    { type: 'file_deleted', file_id: fileId, channel_ids: channelIds },
    { scope: scopeOfTeam(deps.state, teamId) },
  );
  return { delivery };
}

/**
 * Points the file objects kept in messages at this server's address (after a restart the port may
 * differ): each shared file's object is rebuilt from the stored file.
 */
export function refreshSharedFileUrls(state: EmulatorState, baseUrl: string): void {
  for (const m of state.storedMessages()) {
    if (m.files === undefined) continue;
    m.files = m.files.map((f) => {
      const stored = state.files.get(f.id);
      // Only a person's share is rebuilt (a bot upload's message keeps its own shape).
      if (stored === undefined || typeof f.url_private !== 'string' || !f.url_private.includes('/files-pri/')) return f;
      return stored.deleted === true ? tombstoneOf(f.id) : sharedFileObject(state, stored, baseUrl);
    });
  }
}
