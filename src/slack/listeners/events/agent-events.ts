/**
 * Agent runs from the Events API: `app_mention` in channels and `message` in the app's DMs
 * (message.im). A message in a thread continues that thread's conversation; a top-level one
 * starts a new thread on itself. `agent_session_stopped` (the agent view's native Stop button)
 * cancels the thread's run like the Cancel button. Bolt has acked the event before these run.
 */
import type { ListenerRegistry } from '../listener-router.js';
import type { WebClient } from '@slack/web-api';
import { requestContext } from '../../app/correlation-middleware.js';
import type { ListenerDeps } from '../listener-deps.js';
import { startRunFromEvent, type SlackMessageEvent } from '../agent/start-run-from-event.js';
import { agentSessionStoppedSchema, stopAgentSession } from '../agent/stop-agent-session.js';

/**
 * Message subtypes that are still a person writing to the app: a file with a question, or a
 * thread reply also sent to the conversation (thread_broadcast).
 */
const QUESTION_SUBTYPES = new Set([undefined, 'file_share', 'thread_broadcast']);

type LooseEvent = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The question-bearing fields of a mention or DM event, or undefined for events the app must
 * not answer: edits and deletions (subtypes), bots (including itself), DMs of other kinds.
 */
export function agentMessageFrom(
  event: LooseEvent,
  meta: { teamId?: string; botUserId?: string; eventId?: string; requireIm: boolean },
): SlackMessageEvent | undefined {
  if (meta.requireIm && event.channel_type !== 'im') return undefined;
  if (!QUESTION_SUBTYPES.has(str(event.subtype))) return undefined;
  if (str(event.bot_id) || event.bot_profile) return undefined;
  const userId = str(event.user);
  const channelId = str(event.channel);
  const ts = str(event.ts);
  const teamId = meta.teamId ?? str(event.team);
  if (!userId || !channelId || !ts || !teamId || userId === meta.botUserId) return undefined;
  const threadTs = str(event.thread_ts);
  return {
    teamId,
    channelId,
    userId,
    text: typeof event.text === 'string' ? event.text : '',
    ts,
    ...(threadTs ? { threadTs } : {}),
    ...(meta.eventId ? { eventId: meta.eventId } : {}),
  };
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
    const { log } = requestContext(context, deps.logger);
    if (!message) {
      // Debug only (the app's own messages come back as events); tests wait for it as proof of handling.
      log.debug('event not for the agent; ignored');
      return;
    }
    await startRunFromEvent(deps, message, { client, log, ...(botUserId ? { botUserId } : {}) });
  };

  app.event('app_mention', (args) => handle(args, false));
  app.event('message', (args) => handle(args, true));
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
