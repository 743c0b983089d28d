/**
 * The "Ask the agent" button on a document card: a run grounded on that document (passed in the
 * chat's `documents`). On a visible card the run lives in the card's thread; an ephemeral card
 * has no thread anyone else can see, so a visible message is posted to carry one.
 */
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { renderAskedAboutDocument } from '../cards/render-thread-root.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import { CONNECTION_NOTICE_EMOJI, renderNotice } from '../../blocks/error-card.js';
import { respondEphemeral } from '../../kit/deliver-card.js';
import { connectionFailureOf } from '../../../workspaces/connection-failure.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { askerTeamIdOf } from '../../kit/permissions/external-user.js';
import { postThreadRoot } from './post-thread-root.js';
import { startAgentRun } from './start-agent-run.js';
import type { StartAgentRunResult } from './start-agent-run-result.js';

export interface AskAboutDocumentClick {
  teamId: string;
  channelId: string;
  userId: string;
  /** The clicker's own team as the payload names it (`user.team_id`). */
  userTeamId?: string;
  doc: { docId: string; docTitle: string };
  /** The card's message when it is visible; undefined for an ephemeral card. */
  card?: { ts: string; threadTs?: string };
  /** Unique per click (the action's action_ts). */
  clickId: string;
  client: WebClient;
  respond: RespondFn;
  log: Logger;
  correlationId: string;
  workspace: WorkspaceRef;
}

const NOT_IN_CHANNEL = 'I can’t post in this channel. Invite me with `/invite @Research Desk`, or ask me in a DM.';

export function questionAboutDocument(docTitle: string): string {
  return `Tell me about “${docTitle}”: its key points, the figures that matter, and the risks it mentions.`;
}

export async function askAboutDocument(deps: ListenerDeps, click: AskAboutDocumentClick): Promise<StartAgentRunResult | undefined> {
  // Said before a visible thread root is posted for a question that cannot run.
  const unconnected = await connectionFailureOf(deps.workspaces, click.workspace);
  if (unconnected) {
    click.log.info('ask about a document refused: workspace cannot use the research service', { reason: unconnected.name });
    await respondEphemeral(click.respond, renderNotice(unconnected.message, CONNECTION_NOTICE_EMOJI));
    return { status: 'not_connected', message: unconnected.message };
  }
  let threadTs = click.card ? (click.card.threadTs ?? click.card.ts) : undefined;
  threadTs ??= await postThreadRoot(
    deps,
    {
      teamId: click.teamId,
      channelId: click.channelId,
      client: click.client,
      respond: click.respond,
      log: click.log,
      correlationId: click.correlationId,
      action: 'asking the agent',
      notInChannel: NOT_IN_CHANNEL,
    },
    renderAskedAboutDocument(click.userId, click.doc.docTitle),
  );
  if (!threadTs) return undefined;
  const installing = { teamId: click.teamId, ...(click.workspace.enterpriseId ? { enterpriseId: click.workspace.enterpriseId } : {}) };
  const where = { channelId: click.channelId, userId: click.userId, ...(click.userTeamId ? { payloadTeamId: click.userTeamId } : {}) };
  const askerTeamId = await askerTeamIdOf(click.client, installing, where, click.log);
  return startAgentRun(deps, {
    teamId: click.teamId,
    ...(askerTeamId ? { askerTeamId } : {}),
    workspace: click.workspace,
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
