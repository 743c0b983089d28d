/**
 * Agent runs from the Events API: `app_mention` in channels, `message` in the app's DMs
 * (message.im), and plain replies in channel threads the app answered in (message.channels,
 * message.groups). A message in a thread continues that thread's conversation; a top-level one
 * starts a new thread on itself. `agent_session_stopped` (the agent view's native Stop button)
 * cancels the thread's run like the Cancel button. Bolt has acked the event before these run.
 * @see https://docs.slack.dev/reference/events/message.channels
 */
import type { ListenerRegistry } from '../kit/listener-router.js';
import type { WebClient } from '@slack/web-api';
import { requestContext } from '../kit/correlation-middleware.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { userTeamOfEvent } from '../kit/permissions/external-user.js';
import { appOwnsThread } from './runs/app-owns-thread.js';
import { startRunFromEvent, type SlackMessageEvent } from './runs/start-run-from-event.js';
import { agentSessionStoppedSchema, stopAgentSession } from './agent-view/stop-agent-session.js';
import { SLACKBOT_USER_ID } from '../kit/slackbot.js';

/**
 * Message subtypes that are still a person writing to the app: a file with a question, or a
 * thread reply also sent to the conversation (thread_broadcast). A file shared with no words is
 * not a question: in a DM it gets the *Add to research folder* reply (src/slack/folders/entry/).
 */
const QUESTION_SUBTYPES = new Set([undefined, 'file_share', 'thread_broadcast']);

/** A file shared without a word: nothing to ask the agent. */
const isWordlessFileShare = (event: LooseEvent): boolean =>
  event.subtype === 'file_share' && (typeof event.text !== 'string' || event.text.trim() === '');

type LooseEvent = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The question-bearing fields of a mention or DM event, or undefined for events the app must
 * not answer: edits and deletions (subtypes), bots (including itself and Slackbot), DMs of other kinds.
 * An app_mention for an edited message comes back marked `edited` (startRunFromEvent decides).
 */
export function agentMessageFrom(
  event: LooseEvent,
  meta: { teamId?: string; botUserId?: string; eventId?: string; requireIm: boolean },
): SlackMessageEvent | undefined {
  if (meta.requireIm && event.channel_type !== 'im') return undefined;
  if (!QUESTION_SUBTYPES.has(str(event.subtype)) || isWordlessFileShare(event)) return undefined;
  if (str(event.bot_id) || event.bot_profile) return undefined;
  const userId = str(event.user);
  const channelId = str(event.channel);
  const ts = str(event.ts);
  const teamId = meta.teamId ?? str(event.team);
  if (!userId || !channelId || !ts || !teamId || userId === meta.botUserId || userId === SLACKBOT_USER_ID) return undefined;
  const threadTs = str(event.thread_ts);
  // Slack Connect: a user of another organisation; streams and notes to them name this team.
  const userTeamId = userTeamOfEvent(event);
  return {
    teamId,
    ...(userTeamId && userTeamId !== teamId ? { userTeamId } : {}),
    channelId,
    userId,
    text: typeof event.text === 'string' ? event.text : '',
    ts,
    ...(threadTs ? { threadTs } : {}),
    ...(meta.eventId ? { eventId: meta.eventId } : {}),
    // Slack sends app_mention again when a message that mentions the app is edited.
    ...(event.edited ? { edited: true } : {}),
  };
}

/**
 * A mention of anyone (the app, a person, another bot, a user group, @here/@channel): a reply
 * addressed to someone else is not for the app, and one that mentions the app arrives as
 * `app_mention` too, which answers it (Slack sends both events for it).
 */
const ANY_MENTION = /<@[UWB][A-Z0-9]+(?:\|[^>]*)?>|<!(?:subteam\^|here|channel|everyone)/;

export type ThreadReplyVerdict = { question: SlackMessageEvent } | { ignored: string };

/**
 * A plain reply in a channel thread, as a question for the agent, or why it is not one. Whether
 * the app owns the thread is the caller's (it needs the store).
 */
export function threadReplyQuestion(
  event: LooseEvent,
  meta: { teamId?: string; botUserId?: string; eventId?: string },
): ThreadReplyVerdict {
  const message = agentMessageFrom(event, { ...meta, requireIm: false });
  if (!message) return { ignored: 'not a person’s new message (a bot, an edit, a deletion or another subtype)' };
  if (!message.threadTs || message.threadTs === message.ts) return { ignored: 'not a thread reply' };
  if (meta.botUserId && message.text.includes(`<@${meta.botUserId}`)) return { ignored: 'mentions the app (app_mention answers it)' };
  if (ANY_MENTION.test(message.text)) return { ignored: 'mentions someone else' };
  return { question: message };
}

export function registerAgentEvents(app: ListenerRegistry, deps: ListenerDeps): void {
  const handle = async (
    args: { event: unknown; body: unknown; context: Record<string, unknown>; client: WebClient },
    requireIm: boolean,
  ): Promise<void> => {
    const { context, client } = args;
    const botUserId = str(context.botUserId);
    const teamId = str(context.teamId) ?? str((args.body as LooseEvent).team_id);
    const eventId = str((args.body as LooseEvent).event_id);
    const message = agentMessageFrom(args.event as LooseEvent, {
      requireIm,
      ...(teamId ? { teamId } : {}),
      ...(botUserId ? { botUserId } : {}),
      ...(eventId ? { eventId } : {}),
    });
    const { log, workspace } = requestContext(context, deps.logger);
    if (!message) {
      // Debug only (the app's own messages come back as events); tests wait for it as proof of handling.
      log.debug('event not for the agent; ignored');
      return;
    }
    await startRunFromEvent(deps, message, { client, log, workspace, ...(botUserId ? { botUserId } : {}) });
  };

  const handleThreadReply = async (args: {
    event: unknown;
    body: unknown;
    context: Record<string, unknown>;
    client: WebClient;
  }): Promise<void> => {
    const { context, client } = args;
    const event = args.event as LooseEvent;
    const botUserId = str(context.botUserId);
    const teamId = str(context.teamId) ?? str((args.body as LooseEvent).team_id);
    const eventId = str((args.body as LooseEvent).event_id);
    const { log, workspace } = requestContext(context, deps.logger);
    const verdict = threadReplyQuestion(event, {
      ...(teamId ? { teamId } : {}),
      ...(botUserId ? { botUserId } : {}),
      ...(eventId ? { eventId } : {}),
    });
    const ignore = (reason: string) => log.debug('not a question for the agent; ignored', { ts: str(event.ts), reason });
    if ('ignored' in verdict) return ignore(verdict.ignored);
    const { question } = verdict;
    const thread = { teamId: question.teamId, channelId: question.channelId, threadTs: question.threadTs ?? question.ts };
    if (!(await appOwnsThread(deps, thread))) return ignore('a thread the app did not answer in');
    await startRunFromEvent(deps, question, { client, log, workspace, ...(botUserId ? { botUserId } : {}) });
  };

  app.event('app_mention', (args) => handle(args, false));
  // message.im: the app's DMs; message.channels / message.groups: replies in threads it answered.
  app.event('message', (args) =>
    (args.event as unknown as LooseEvent).channel_type === 'im' ? handle(args, true) : handleThreadReply(args),
  );
  app.event(
    'agent_session_stopped',
    async (args: { event: unknown; body: unknown; context: Record<string, unknown>; client: WebClient }) => {
      const { log } = requestContext(args.context, deps.logger);
      const parsed = agentSessionStoppedSchema.safeParse(args.event);
      const teamId = str(args.context.teamId) ?? str((args.body as LooseEvent).team_id);
      if (!parsed.success || !teamId) {
        log.warn('agent_session_stopped without channel, thread, user or team; ignored', { issues: parsed.error?.issues.length ?? 0 });
        return;
      }
      await stopAgentSession(deps, { ...parsed.data, teamId, client: args.client, log });
    },
  );
}
