/**
 * The "Ask the agent" button on a document card, and "Ask the agent about this file" on the notice
 * of a file added to a research folder: a run grounded on that document (passed in the chat's
 * `documents`, with its `file_type` when it is one of the workspace's files). On a visible card or
 * notice the run lives in its thread; an ephemeral card has no thread anyone else can see, so a
 * visible message is posted to carry one. The document passes the fence of uploaded files first
 * (a forged id of another workspace's file, or of a file in a folder the clicker cannot read, is
 * refused, and no run starts); users of another organisation (Slack Connect) never read the
 * workspace's files.
 */
import { renderAskedAboutDocument } from '../cards/render-thread-root.js';
import { CONNECTION_NOTICE_EMOJI, renderNotice } from '../../blocks/error-card.js';
import type { AskAboutDocumentRequest } from '../../kit/ask-about-document-request.js';
import { respondEphemeral } from '../../kit/deliver-card.js';
import { connectionFailureOf } from '../../../workspaces/connection-failure.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { askerTeamIdOf } from '../../kit/permissions/external-user.js';
import { checkDocumentAccess, type DocumentAccess } from '../../kit/permissions/document-access.js';
import { replyWithFailure } from '../../kit/failure-reply.js';
import { postThreadRoot } from './post-thread-root.js';
import { runDocumentOf, type RunDocument } from './run-documents.js';
import { startAgentRun } from './start-agent-run.js';
import type { StartAgentRunResult } from './start-agent-run-result.js';

const NOT_IN_CHANNEL = 'I can’t post in this channel. Invite me with `/invite @Research Desk`, or ask me in a DM.';

export function questionAboutDocument(docTitle: string): string {
  return `Tell me about “${docTitle}”: its key points, the figures that matter, and the risks it mentions.`;
}

export async function askAboutDocument(deps: ListenerDeps, click: AskAboutDocumentRequest): Promise<StartAgentRunResult | undefined> {
  // Said before a visible thread root is posted for a question that cannot run.
  const unconnected = await connectionFailureOf(deps.workspaces, click.workspace);
  if (unconnected) {
    click.log.info('ask about a document refused: workspace cannot use the research service', { reason: unconnected.name });
    await respondEphemeral(click.respond, renderNotice(unconnected.message, CONNECTION_NOTICE_EMOJI));
    return { status: 'not_connected', message: unconnected.message };
  }
  const installing = { teamId: click.teamId, ...(click.workspace.enterpriseId ? { enterpriseId: click.workspace.enterpriseId } : {}) };
  const where = { channelId: click.channelId, userId: click.userId, ...(click.userTeamId ? { payloadTeamId: click.userTeamId } : {}) };
  const askerTeamId = await askerTeamIdOf(click.client, installing, where, click.log);
  const access = await documentAccessOf(deps, click);
  if (!access) return undefined;
  const doc: RunDocument = access.record ? runDocumentOf(access.record) : click.doc;
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
    renderAskedAboutDocument(click.userId, doc.docTitle),
  );
  if (!threadTs) return undefined;
  return startAgentRun(deps, {
    teamId: click.teamId,
    ...(askerTeamId ? { askerTeamId } : {}),
    workspace: click.workspace,
    channelId: click.channelId,
    threadTs,
    userId: click.userId,
    question: questionAboutDocument(doc.docTitle),
    questionIsPlain: true,
    documents: [doc],
    requestId: `action:${click.clickId}`,
    client: click.client,
    log: click.log,
  });
}

/**
 * The button's document id can be forged: it passes the fence of uploaded files before a run
 * starts (src/slack/kit/permissions/document-access.ts). Undefined when refused or when the
 * service could not say (the clicker is told; nothing of the file is named).
 */
async function documentAccessOf(
  deps: ListenerDeps,
  click: AskAboutDocumentRequest,
): Promise<Extract<DocumentAccess, { allowed: true }> | undefined> {
  const reader = {
    teamId: click.teamId,
    userId: click.userId,
    channelId: click.channelId,
    ...(click.workspace.enterpriseId ? { enterpriseId: click.workspace.enterpriseId } : {}),
  };
  try {
    const service = await deps.workspaces.service(click.workspace);
    const access = await checkDocumentAccess(
      { stores: deps.stores, service, client: click.client, log: click.log, correlationId: click.correlationId },
      reader,
      click.doc.docId,
    );
    if (access.allowed) return access;
    click.log.info('ask about a document refused', { why: access.why });
    await respondEphemeral(click.respond, renderNotice(access.reason, ':no_entry:'));
  } catch (error) {
    await replyWithFailure(error, {
      respond: click.respond,
      log: click.log,
      correlationId: click.correlationId,
      action: 'asking the agent',
    });
  }
  return undefined;
}
