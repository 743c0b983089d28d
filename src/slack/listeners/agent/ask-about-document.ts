/**
 * The "Ask the agent" button on a document card: a run grounded on that document (passed in the
 * chat's `documents`). On a visible card the run lives in the card's thread; an ephemeral card
 * has no thread anyone else can see, so a visible message is posted to carry one.
 */
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { renderAskedAboutDocument } from '../../blocks/agent/render-thread-root.js';
import { renderNotice } from '../../blocks/error-card.js';
import { respondEphemeral, slackErrorCode } from '../deliver-card.js';
import { replyWithFailure } from '../failure-reply.js';
import type { ListenerDeps } from '../listener-deps.js';
import { channelPostPacer } from './channel-post-pacer.js';
import { postPacedMessage } from './post-paced-messages.js';
import { startAgentRun, type StartAgentRunResult } from './start-agent-run.js';

export interface AskAboutDocumentClick {
  teamId: string;
  channelId: string;
  userId: string;
  doc: { docId: string; docTitle: string };
  /** The card's message when it is visible; undefined for an ephemeral card. */
  card?: { ts: string; threadTs?: string };
  /** Unique per click (the action's action_ts). */
  clickId: string;
  client: WebClient;
  respond: RespondFn;
  log: Logger;
  correlationId: string;
}

const NOT_IN_CHANNEL = 'I can’t post in this channel. Invite me with `/invite @Research Desk`, or ask me in a DM.';

export function questionAboutDocument(docTitle: string): string {
  return `Tell me about “${docTitle}”: its key points, the figures that matter, and the risks it mentions.`;
}

export async function askAboutDocument(deps: ListenerDeps, click: AskAboutDocumentClick): Promise<StartAgentRunResult | undefined> {
  let threadTs = click.card ? (click.card.threadTs ?? click.card.ts) : undefined;
  if (!threadTs) {
    try {
      const pacer = channelPostPacer(deps, { teamId: click.teamId, channelId: click.channelId }, click.log);
      threadTs = await postPacedMessage(click.client, { channel: click.channelId }, renderAskedAboutDocument(click.userId, click.doc.docTitle), { pacer });
    } catch (error) {
      const code = slackErrorCode(error);
      if (code === 'not_in_channel' || code === 'channel_not_found') await respondEphemeral(click.respond, renderNotice(NOT_IN_CHANNEL, ':warning:'));
      else await replyWithFailure(error, { log: click.log, correlationId: click.correlationId, respond: click.respond, action: 'asking the agent' });
      return undefined;
    }
  }
  return startAgentRun(deps, {
    teamId: click.teamId,
    channelId: click.channelId,
    threadTs,
    userId: click.userId,
    question: questionAboutDocument(click.doc.docTitle),
    questionIsPlain: true,
    documents: [click.doc],
    requestId: `action:${click.clickId}`,
    client: click.client,
    log: click.log,
  });
}
