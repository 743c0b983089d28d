/**
 * The work behind the buttons of search and passage cards.
 *
 * Where answers go: a public card has a thread, so Summary and Key passages reply in it for
 * everyone; an ephemeral card has none (Slack cannot thread under an ephemeral message), so
 * they answer ephemerally to the clicker instead, leaving the results card in place.
 */
import { EXPIRED_BUTTON, replyNearCard } from '../kit/button-replies.js';
import { decodeDocButton, decodeSearchState, type SearchState } from '../kit/button-values.js';
import { renderDocumentSummary } from './cards/document-card.js';
import { renderNotice } from '../blocks/error-card.js';
import { renderPassages } from './cards/passages-card.js';
import { PASSAGES_COUNT } from './parse-research-args.js';
import { deleteOriginal, postInChannel, respondEphemeral, respondReplacing } from '../kit/deliver-card.js';
import { fetchSearchCard } from './fetch-search-card.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { checkFolderSearchPermission } from '../kit/permissions/folder-search-permission.js';
import { checkDocumentAccess, UPLOADED_FILES_CATEGORY } from '../kit/permissions/document-access.js';
import type { DocumentDetail, ResearchService } from '../../service/types.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import { uploadedFileLabeler } from './uploaded-file-labels.js';

export async function showSummary(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const doc = decodeDocButton(click.value);
  if (!doc) return respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
  const call = { correlationId: click.correlationId };
  const service = await deps.workspaces.service(click.workspace);
  const access = await documentAccessOf(deps, click, service, doc.d);
  if (!access) return;
  // The detail adds the title, link and metadata; the summary is what was asked for, so a
  // failing detail only costs the decoration.
  const [summary, detail] = await Promise.all([
    service.getDocumentSummary(doc.d, call),
    access.detail ??
      service.getDocument(doc.d, call).catch((error: unknown) => {
        click.log.info('document detail unavailable for the summary card', { error: error });
        return undefined;
      }),
  ]);
  await replyNearCard(click, renderDocumentSummary({ summary, ...(detail ? { doc: detail } : {}) }));
}

export async function showKeyPassages(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const doc = decodeDocButton(click.value);
  if (!doc) return respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
  const call = { correlationId: click.correlationId };
  const service = await deps.workspaces.service(click.workspace);
  const access = await documentAccessOf(deps, click, service, doc.d);
  if (!access) return;
  let title = doc.t;
  // Chunk search needs words: the search's own query, else the document's title.
  let query = doc.q ?? doc.t;
  if (!query) {
    title = (access.detail ?? (await service.getDocument(doc.d, call))).title;
    query = title;
  }
  // The service's default categories may leave uploaded files out: one of this workspace's is asked for as such.
  const categories = access.uploaded ? { categories: [UPLOADED_FILES_CATEGORY] } : {};
  const chunks = await service.searchChunks({ query, docIds: [doc.d], num: PASSAGES_COUNT, ...categories }, call);
  const docTitle = title ?? chunks.find((c) => c.doc?.title)?.doc?.title ?? doc.d;
  await replyNearCard(click, renderPassages(chunks, { query, docTitle }));
}

/**
 * A button's document id can be forged: it passes the fence of uploaded files before anything of
 * it is read. Undefined when refused (the clicker is told, naming nothing of the file).
 */
async function documentAccessOf(
  deps: ListenerDeps,
  click: ButtonInteraction,
  service: ResearchService,
  docId: string,
): Promise<{ detail?: DocumentDetail; uploaded: boolean } | undefined> {
  if (!click.teamId) {
    await respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
    return undefined;
  }
  const reader = {
    teamId: click.teamId,
    userId: click.userId,
    ...(click.workspace.enterpriseId ? { enterpriseId: click.workspace.enterpriseId } : {}),
    ...(click.channelId ? { channelId: click.channelId } : {}),
  };
  const accessDeps = { stores: deps.stores, service, client: click.client, log: click.log, correlationId: click.correlationId };
  const access = await checkDocumentAccess(accessDeps, reader, docId);
  if (access.allowed) return { uploaded: access.record !== null, ...(access.detail ? { detail: access.detail } : {}) };
  await respondEphemeral(click.respond, renderNotice(access.reason, ':no_entry:'));
  return undefined;
}

/** Prev / Next: the same search at another page, replacing the card in place. */
/**
 * A folder search's buttons are clicked by whoever sees the card (a public card, everyone in the
 * channel): each click passes the rule of `in:<id>` again, for the clicker. True when refused
 * (the clicker is told why; the card stays as it is).
 */
async function refusedFolderSearch(deps: ListenerDeps, click: ButtonInteraction, state: SearchState): Promise<boolean> {
  const folderIds = 'folderIds' in state.r ? (state.r.folderIds ?? []) : [];
  if (folderIds.length === 0) return false;
  const permission = click.teamId
    ? await checkFolderSearchPermission(deps.stores, click.client, { teamId: click.teamId, userId: click.userId }, folderIds)
    : { allowed: false as const, folderId: folderIds[0] as string, reason: EXPIRED_BUTTON };
  if (permission.allowed) return false;
  click.log.info('folder search button refused: not the creator nor an admin', { folder: permission.folderId });
  await respondEphemeral(click.respond, renderNotice(permission.reason, ':no_entry:'));
  return true;
}

/** The workspace's own uploaded files among the results are shown as such (file name, folder). */
const fileLabelsOf = (deps: ListenerDeps, click: ButtonInteraction) =>
  click.teamId
    ? { fileLabels: uploadedFileLabeler(deps.stores, { teamId: click.teamId, userId: click.userId, client: click.client }) }
    : {};

export async function turnSearchPage(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const state = decodeSearchState(click.value);
  if (!state) return respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
  if (await refusedFolderSearch(deps, click, state)) return;
  const card = await fetchSearchCard(await deps.workspaces.service(click.workspace), state, {
    visibility: click.isEphemeral ? 'ephemeral' : 'public',
    correlationId: click.correlationId,
    ...fileLabelsOf(deps, click),
  });
  await respondReplacing(click.respond, card);
}

/** Share in channel: the page on screen, posted for everyone; the private copy goes away. */
export async function shareSearch(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const state = decodeSearchState(click.value);
  if (!state || !click.channelId) return respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
  if (await refusedFolderSearch(deps, click, state)) return;
  const card = await fetchSearchCard(await deps.workspaces.service(click.workspace), state, {
    visibility: 'public',
    correlationId: click.correlationId,
    ...fileLabelsOf(deps, click),
  });
  const posted = await postInChannel({ client: click.client, channel: click.channelId, respond: click.respond }, card);
  click.log.info('search shared', { channel: click.channelId, via: posted.via });
  if (click.isEphemeral) await deleteOriginal(click.respond);
}
