/**
 * The files a Slack message carries (an event's or a message shortcut's `files`), and whether a
 * `message` event is a person sharing files in a DM with the app: what gets the *Add to research
 * folder* reply. Pure: the listener does the Slack calls.
 * @see https://docs.slack.dev/reference/events/message/file_share
 * @see https://docs.slack.dev/reference/objects/file-object
 */
import { z } from 'zod';
import { userTeamOfEvent } from '../../kit/permissions/external-user.js';
import { SLACKBOT_USER_ID } from '../../kit/slackbot.js';
import type { SharedFile } from './add-files-button-value.js';

/**
 * A file as a message shows it. A deleted file stays as a `tombstone`, one beyond the free plan's
 * history as `hidden_by_limit`: neither can be added. A Slack Connect file may come as its id alone
 * (`file_access: check_file_info`): its name is then its id until files.info says more.
 */
const messageFile = z.object({
  id: z.string().min(1),
  name: z.string().optional().catch(undefined),
  title: z.string().optional().catch(undefined),
  mode: z.string().optional().catch(undefined),
});
const UNADDABLE_MODES = new Set(['tombstone', 'hidden_by_limit']);

/** The files of a message that can be added, in the message's order; none for anything else. */
export function filesOfMessage(files: unknown): SharedFile[] {
  if (!Array.isArray(files)) return [];
  const out: SharedFile[] = [];
  for (const item of files) {
    const parsed = messageFile.safeParse(item);
    if (!parsed.success || (parsed.data.mode && UNADDABLE_MODES.has(parsed.data.mode))) continue;
    const { id, name, title } = parsed.data;
    if (out.some((f) => f.id === id)) continue;
    out.push({ id, name: name || title || id });
  }
  return out;
}

/** A person's file share in a DM with the app: who, where, which files, and whether they wrote words. */
export interface DmFileShare {
  teamId: string;
  /** The sharer's own team when the event names another than the workspace's. */
  userTeamId?: string;
  userId: string;
  channelId: string;
  /** The file message's ts: the reply goes in its thread. */
  ts: string;
  /** The file message's thread when it was posted in one. */
  threadTs?: string;
  files: SharedFile[];
  /** The message has words too: they are a question for the agent (its own listener answers it). */
  hasText: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The file share, or undefined for any other event: other subtypes, channels, bots, Slackbot, the app itself. */
export function dmFileShareOf(event: Record<string, unknown>, meta: { teamId?: string; botUserId?: string }): DmFileShare | undefined {
  if (event.type !== 'message' || event.subtype !== 'file_share' || event.channel_type !== 'im') return undefined;
  if (str(event.bot_id) || event.bot_profile) return undefined;
  const userId = str(event.user);
  const channelId = str(event.channel);
  const ts = str(event.ts);
  const teamId = meta.teamId ?? str(event.team);
  if (!userId || !channelId || !ts || !teamId || userId === meta.botUserId || userId === SLACKBOT_USER_ID) return undefined;
  const files = filesOfMessage(event.files);
  if (files.length === 0) return undefined;
  const threadTs = str(event.thread_ts);
  const userTeamId = userTeamOfEvent(event);
  return {
    teamId,
    ...(userTeamId && userTeamId !== teamId ? { userTeamId } : {}),
    userId,
    channelId,
    ts,
    ...(threadTs && threadTs !== ts ? { threadTs } : {}),
    files,
    hasText: typeof event.text === 'string' && event.text.trim() !== '',
  };
}
