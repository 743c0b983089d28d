/**
 * /research replay: list a conversation's recent messages, and replay one assistant answer's
 * events into a new thread. Every path (the command, the list's Replay and Older) asks
 * replay-permission.ts first: only the asker's DM conversations, or a channel's from that channel.
 */
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { isServiceError } from '../../../service/errors/service-error.js';
import type { ResearchService, WorkflowStreamEvent } from '../../../service/types.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import { renderReplayList } from './render-replay-list.js';
import { renderReplayRoot } from '../cards/render-thread-root.js';
import { isDataVisualizationBlock, replaceChartBlocks } from '../cards/run-chart.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { renderNotice } from '../../blocks/error-card.js';
import type { CommandContext } from '../../kit/command-context.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { NOT_A_MEMBER, respondEphemeral, respondReplacing } from '../../kit/deliver-card.js';
import { replyWithFailure } from '../../kit/failure-reply.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { channelPostPacer, type ChannelPostPacer } from '../../kit/pacing/channel-post-pacer.js';
import { postPacedMessage, postThreadMessages } from '../../kit/pacing/post-paced-messages.js';
import { reduceRecordedRun, renderReplayedRun } from './render-replayed-run.js';
import { checkReplayedFigures } from './check-replayed-figures.js';
import { checkExternalAccess } from '../../kit/permissions/external-access.js';
import { replayVerdict } from './replay-permission.js';

/** Messages per page of the replay list (a question and its answer are two). */
export const REPLAY_PAGE_SIZE = 10;

const NOT_IN_CHANNEL = 'I can’t post in this channel. Invite me with `/invite @Research Desk`, or run the replay in a DM with me.';
const NO_EVENTS = 'That answer has no recorded events to replay.';
const unknownConversation = (id: string): string =>
  `The research service does not know conversation ${id} (any more), so there is nothing to replay.`;

export type ReplayCommand = CommandContext & { conversationId: string; assistantMessageId?: string };

/** Where a replay happens and who asked for it (a command or a button of the replay list). */
export interface ReplayRequest {
  teamId: string;
  channelId: string;
  userId: string;
  conversationId: string;
  client: WebClient;
  respond: RespondFn;
  log: Logger;
  correlationId: string;
  /** Whose service holds the conversation. */
  workspace: WorkspaceRef;
}

export async function replayFromCommand(deps: ListenerDeps, ctx: ReplayCommand): Promise<void> {
  const request: ReplayRequest = {
    teamId: ctx.command.team_id,
    channelId: ctx.command.channel_id,
    userId: ctx.command.user_id,
    conversationId: ctx.conversationId,
    client: ctx.client,
    respond: ctx.respond,
    log: ctx.log,
    correlationId: ctx.correlationId,
    workspace: ctx.workspace,
  };
  if (ctx.assistantMessageId) await replayAnswer(deps, request, ctx.assistantMessageId);
  else await showReplayList(deps, request, { replace: false });
}

async function mayReplay(deps: ListenerDeps, request: ReplayRequest): Promise<boolean> {
  // A conversation of the workspace is its data: never replayed to a user of another organisation,
  // whether they typed the command or clicked a button of a member's list.
  const { client, workspace, userId, log } = request;
  const access = await checkExternalAccess(deps.stores, { client, workspace, userId, log, workspaceData: true });
  if (!access.allowed) {
    await respondEphemeral(request.respond, renderNotice(access.reason, ':no_entry:'));
    return false;
  }
  const owner = await deps.stores.threads.owner(request.teamId, request.conversationId);
  const verdict = replayVerdict(owner, request);
  if (verdict.allowed) return true;
  request.log.info('replay refused', { conversation_id: request.conversationId, reason: verdict.why });
  await respondEphemeral(request.respond, renderNotice(verdict.text, ':lock:'));
  return false;
}

/** The list (first page, or the page before `beforeMessageId`), ephemeral or replacing the list clicked. */
export async function showReplayList(
  deps: ListenerDeps,
  request: ReplayRequest,
  page: { replace: boolean; beforeMessageId?: string },
): Promise<void> {
  try {
    if (!(await mayReplay(deps, request))) return;
    const service = await deps.workspaces.service(request.workspace);
    const messages = await service.listMessages(
      request.conversationId,
      { limit: REPLAY_PAGE_SIZE, ...(page.beforeMessageId ? { beforeMessageId: page.beforeMessageId } : {}) },
      { correlationId: request.correlationId },
    );
    const list = renderReplayList({
      conversationId: request.conversationId,
      messages,
      hasOlder: messages.length >= REPLAY_PAGE_SIZE,
      isOlderPage: page.beforeMessageId !== undefined,
    });
    if (page.replace) await respondReplacing(request.respond, list);
    else await respondEphemeral(request.respond, list);
  } catch (error) {
    // The service answers an unknown conversation with 400 "Invalid conversation_id": not found.
    if (isServiceError(error) && error.kind === 'not_found') {
      request.log.info('replay list: conversation unknown to the service', { conversation_id: request.conversationId });
      await respondEphemeral(request.respond, renderNotice(unknownConversation(request.conversationId), ':mag:'));
      return;
    }
    await replyWithFailure(error, {
      log: request.log,
      correlationId: request.correlationId,
      respond: request.respond,
      action: 'the replay list',
    });
  }
}

/** Renders the answer's events again and posts them in a new thread of the channel. */
export async function replayAnswer(deps: ListenerDeps, request: ReplayRequest, assistantMessageId: string): Promise<void> {
  const log = request.log.child({ conversation_id: request.conversationId, assistant_message_id: assistantMessageId });
  try {
    if (!(await mayReplay(deps, request))) return;
    const service = await deps.workspaces.service(request.workspace);
    let events: WorkflowStreamEvent[];
    try {
      events = await service.listEvents(request.conversationId, assistantMessageId, {
        fromOffset: 0,
        correlationId: request.correlationId,
      });
    } catch (error) {
      if (isServiceError(error) && error.kind === 'not_found') {
        await respondEphemeral(
          request.respond,
          renderNotice(
            `Conversation ${request.conversationId} has no answer with id ${assistantMessageId}. Run \`/research replay ${request.conversationId}\` to pick one.`,
            ':mag:',
          ),
        );
        return;
      }
      throw error;
    }
    if (events.length === 0) {
      await respondEphemeral(request.respond, renderNotice(NO_EVENTS));
      return;
    }
    const view = reduceRecordedRun(events);
    const [question, conversationUrl, figures] = await Promise.all([
      questionOf(service, request, assistantMessageId, log),
      conversationUrlOf(deps, request.teamId, request.conversationId, log),
      deps.figureCheck === false ? undefined : checkReplayedFigures(service, view, `replay-${assistantMessageId}`, log),
    ]);
    const parts = renderReplayedRun(
      view,
      {
        teamId: request.teamId,
        channelId: request.channelId,
        userId: request.userId,
        conversationId: request.conversationId,
        assistantMessageId,
        demo: deps.demo,
        clock: deps.clock,
        ...(deps.trustedLinkHosts ? { trustedLinkHosts: deps.trustedLinkHosts } : {}),
        ...(deps.showAgentUsage ? { showUsage: true } : {}),
        ...(question ? { question } : {}),
        ...(conversationUrl ? { conversationUrl } : {}),
      },
      figures?.check ? { figures } : undefined,
    );
    const root = renderReplayRoot({
      userId: request.userId,
      conversationId: request.conversationId,
      assistantMessageId,
      stillRunning: view.status === 'running',
      ...(question ? { question } : {}),
    });
    const pacer = channelPostPacer(deps, { teamId: request.teamId, channelId: request.channelId }, log);
    let rootTs: string;
    try {
      rootTs = await postPacedMessage(request.client, { channel: request.channelId }, root, { pacer });
    } catch (error) {
      const failure = toSlackCallError('chat.postMessage', error);
      if (!NOT_A_MEMBER.has(failure.code)) throw failure;
      await respondEphemeral(request.respond, renderNotice(NOT_IN_CHANNEL, ':warning:'));
      return;
    }
    await postReplayParts(request.client, { channel: request.channelId, threadTs: rootTs }, parts, pacer, log);
    log.info('replayed an agent answer', { thread_ts: rootTs, parts: parts.length, events: events.length });
  } catch (error) {
    await replyWithFailure(error, { log, correlationId: request.correlationId, respond: request.respond, action: 'the replay' });
  }
}

/**
 * Posts the replay's messages in order. A workspace without Slack's native chart block answers
 * `invalid_blocks` for the answer's chart (run-chart.ts): that message goes again with the chart
 * as text (a refused call posted nothing, so this cannot duplicate), like the relay's
 * chart-fallback-writer.ts does for live answers.
 */
async function postReplayParts(
  client: WebClient,
  target: { channel: string; threadTs: string },
  parts: readonly SlackMessage[],
  pacer: ChannelPostPacer,
  log: Logger,
): Promise<void> {
  for (const part of parts) {
    try {
      await postThreadMessages(client, target, [part], { pacer });
    } catch (error) {
      const refused = toSlackCallError('chat.postMessage', error).code === 'invalid_blocks';
      if (!refused || !part.blocks.some(isDataVisualizationBlock)) throw error;
      log.warn('Slack refuses the chart block here: the replay shows its chart as text', { error });
      await postThreadMessages(client, target, [{ ...part, blocks: replaceChartBlocks(part.blocks) }], { pacer });
    }
  }
}

/** The question the answer replied to (best effort: the replay works without it). */
async function questionOf(
  service: Pick<ResearchService, 'listMessages'>,
  request: ReplayRequest,
  assistantMessageId: string,
  log: Logger,
): Promise<string | undefined> {
  try {
    const messages = await service.listMessages(request.conversationId, { limit: 50 }, { correlationId: request.correlationId });
    const answer = messages.find((m) => m.assistantMessageId === assistantMessageId);
    return messages.find((m) => m.id === answer?.replyToMessageId)?.text;
  } catch (error) {
    log.warn('could not read the replayed question', { error });
    return undefined;
  }
}

async function conversationUrlOf(deps: ListenerDeps, teamId: string, conversationId: string, log: Logger): Promise<string | undefined> {
  try {
    const owner = await deps.stores.threads.owner(teamId, conversationId);
    if (!owner) return undefined;
    return (await deps.stores.threads.get(owner.teamId, owner.channelId, owner.threadTs))?.conversationUrl;
  } catch (error) {
    log.warn('could not read the conversation link', { error });
    return undefined;
  }
}
