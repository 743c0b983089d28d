/**
 * The folders a command's `in:` names, for the command's user: a user of another organisation
 * is refused first (folder names are the workspace's data too), then names become ids among the
 * workspace's folders, then the folder search permission (creator or workspace admin) is asked.
 * Each refusal is answered here, in the words of src/slack/kit/permissions/.
 */
import { renderNotice } from '../blocks/error-card.js';
import type { CommandContext } from '../kit/command-context.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { checkDocumentAccess } from '../kit/permissions/document-access.js';
import { checkFolderSearchPermission } from '../kit/permissions/folder-search-permission.js';
import { refusedToExternalUser } from '../kit/permissions/refuse-external-user.js';
import type { FolderRecord } from '../../store/records.js';
import type { ChunkSearchRequest, ResearchService, V1SearchRequest } from '../../service/types.js';
import { resolveFolderRefs } from './resolve-folder-refs.js';
import { readableFiles } from './uploaded-file-labels.js';

/** The named folders (the first asked to be one), or undefined when the user has been answered. */
export async function foldersOfCommand(
  deps: ListenerDeps,
  ctx: CommandContext,
  refs: readonly string[],
  options: { search: boolean },
): Promise<FolderRecord[] | undefined> {
  if (await refusedToExternalUser(deps.stores, ctx)) return undefined;
  const resolved = resolveFolderRefs(refs, await deps.stores.folders.list(ctx.command.team_id));
  if (!resolved.ok) {
    ctx.log.info('folder not resolved', { refs: refs.length });
    await respondEphemeral(ctx.respond, renderNotice(resolved.reason, ':mag:'));
    return undefined;
  }
  if (!options.search) return resolved.folders;
  const who = {
    teamId: ctx.command.team_id,
    userId: ctx.command.user_id,
    ...(ctx.workspace.enterpriseId ? { enterpriseId: ctx.workspace.enterpriseId } : {}),
  };
  const ids = resolved.folders.map((f) => f.folderId);
  const permission = await checkFolderSearchPermission(deps.stores, ctx.client, who, ids);
  if (!permission.allowed) {
    ctx.log.info('folder search refused: another organisation’s user, not in this workspace, or not the creator nor an admin', {
      folder: permission.folderId,
    });
    await respondEphemeral(ctx.respond, renderNotice(permission.reason, ':no_entry:'));
    return undefined;
  }
  return resolved.folders;
}

/** A search of the named folders (their uploaded files: category `files` unless `type:` says). */
export async function folderSearch(
  deps: ListenerDeps,
  ctx: CommandContext,
  request: V1SearchRequest,
  refs: readonly string[],
): Promise<V1SearchRequest | undefined> {
  const folders = await foldersOfCommand(deps, ctx, refs, { search: true });
  return folders && { ...request, folderIds: folders.map((f) => f.folderId) };
}

/**
 * Passages of the named folders: chunk search takes no folder, so it is asked for the documents
 * the workspace added to them. A folder with none yet is answered, never searched as "everything".
 */
export async function folderPassages(
  deps: ListenerDeps,
  ctx: CommandContext,
  request: ChunkSearchRequest,
  refs: readonly string[],
): Promise<ChunkSearchRequest | undefined> {
  const folders = await foldersOfCommand(deps, ctx, refs, { search: true });
  if (!folders) return undefined;
  const teamId = ctx.command.team_id;
  const docs = (await Promise.all(folders.map((f) => deps.stores.documents.list(teamId, f.folderId)))).flat();
  const searchable = docs.filter((d) => d.status === 'searchable').map((d) => d.docId);
  if (searchable.length === 0) {
    const names = folders.map((f) => `"${f.name}"`).join(', ');
    const processing = docs.some((d) => d.status === 'processing');
    await respondEphemeral(
      ctx.respond,
      renderNotice(
        processing
          ? `The files in ${names} are still being processed: passages can be searched once they are searchable.`
          : `${names} has no searchable files yet. Share a file with Research Desk in a DM to add one.`,
        ':open_file_folder:',
      ),
    );
    return undefined;
  }
  const wanted = request.docIds?.length ? request.docIds.filter((id) => searchable.includes(id)) : searchable;
  return { ...request, docIds: wanted.length ? wanted : searchable };
}

/**
 * Passages of `type:files` without `in:`: chunk search knows no workspace (the service account
 * may be shared), so it is asked for the files this user may read in this workspace, by id.
 */
export async function ownFilePassages(
  deps: ListenerDeps,
  ctx: CommandContext,
  request: ChunkSearchRequest,
): Promise<ChunkSearchRequest | undefined> {
  if (!request.categories?.includes('files')) return request;
  if (await refusedFilesToExternalUser(deps, ctx, request)) return undefined;
  const reader = { teamId: ctx.command.team_id, userId: ctx.command.user_id, client: ctx.client };
  const ids = (await readableFiles(deps.stores, reader)).readable.filter((d) => d.status === 'searchable').map((d) => d.docId);
  if (ids.length === 0) {
    await respondEphemeral(
      ctx.respond,
      renderNotice(
        'You have no searchable files in research folders yet. Share a file with Research Desk in a DM to add one.',
        ':open_file_folder:',
      ),
    );
    return undefined;
  }
  const wanted = request.docIds?.length ? request.docIds.filter((id) => ids.includes(id)) : ids;
  return { ...request, docIds: wanted.length ? wanted : ids };
}

/**
 * Passages of documents named by id (`doc:<id>`) with no folder or `type:files`: an id may name an
 * uploaded file of another workspace on a shared service account, so each passes the fence of
 * uploaded files first (the shared corpus passes as before). Answered and undefined when refused.
 */
export async function namedDocPassages(
  deps: ListenerDeps,
  ctx: CommandContext,
  service: Pick<ResearchService, 'getDocument'>,
  request: ChunkSearchRequest,
): Promise<ChunkSearchRequest | undefined> {
  const reader = { teamId: ctx.command.team_id, userId: ctx.command.user_id, channelId: ctx.command.channel_id };
  const accessDeps = { stores: deps.stores, service, client: ctx.client, log: ctx.log, correlationId: ctx.correlationId };
  for (const docId of request.docIds ?? []) {
    const access = await checkDocumentAccess(accessDeps, reader, docId);
    if (!access.allowed) {
      await respondEphemeral(ctx.respond, renderNotice(access.reason, ':no_entry:'));
      return undefined;
    }
  }
  return request;
}

/** `type:files` reads the workspace's uploaded files: a user of another organisation is refused (answered; true). */
export async function refusedFilesToExternalUser(
  deps: ListenerDeps,
  ctx: CommandContext,
  request: { categories?: readonly string[] | undefined },
): Promise<boolean> {
  return (request.categories?.includes('files') ?? false) && (await refusedToExternalUser(deps.stores, ctx));
}
