/**
 * `/research folder create|delete`. The research slice's command listener has acked and parsed,
 * and hands these over (src/slack/kit/feature-hooks.ts). Deleting asks for confirmation with
 * buttons (folder-delete-buttons.ts handles the click).
 */
import { renderNotice } from '../blocks/error-card.js';
import { renderFolderCreated, renderFolderDeleteConfirm } from './folder-card.js';
import type { CommandContext } from '../kit/command-context.js';
import { commandFailureTarget } from '../kit/answer-command.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import { withFailureReply } from '../kit/failure-reply.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { retryOption } from '../kit/retry-value.js';
import { checkFolderDeletePermission, folderDeleteRefusal } from '../kit/permissions/folder-delete-permission.js';
import { refusedToExternalUser } from '../kit/permissions/refuse-external-user.js';

function failureOptions(ctx: CommandContext, action: string, retry: boolean) {
  return {
    ...commandFailureTarget(ctx),
    action,
    ...(retry ? retryOption({ kind: 'command', command: ctx.command.command, text: ctx.command.text }) : {}),
  };
}

export async function handleFolderCreate(deps: ListenerDeps, ctx: CommandContext, args: { name: string }): Promise<void> {
  await withFailureReply(
    async () => {
      if (await refusedToExternalUser(deps.stores, ctx)) return;
      const service = await deps.workspaces.service(ctx.workspace);
      const created = await service.createFolder(args.name, { correlationId: ctx.correlationId });
      await deps.stores.folders.save({
        teamId: ctx.command.team_id,
        folderId: created.folderId,
        name: args.name,
        createdBy: ctx.command.user_id,
        createdAtMs: deps.clock(),
      });
      ctx.log.info('folder created', { folder: created.folderId });
      await respondEphemeral(ctx.respond, renderFolderCreated(created, args.name));
      // No Retry button: a create whose answer was lost may have made the folder already.
    },
    failureOptions(ctx, 'creating the folder', false),
  );
}

export async function handleFolderDelete(deps: ListenerDeps, ctx: CommandContext, args: { folderId: string }): Promise<void> {
  await withFailureReply(
    async () => {
      if (await refusedToExternalUser(deps.stores, ctx)) return;
      const permission = await checkFolderDeletePermission(
        deps.stores,
        ctx.client,
        { teamId: ctx.command.team_id, userId: ctx.command.user_id },
        args.folderId,
      );
      if (!permission.allowed) {
        ctx.log.info('folder delete refused: no owner record here, or not its creator nor an admin of its workspace', {
          folder: args.folderId,
        });
        await respondEphemeral(ctx.respond, renderNotice(folderDeleteRefusal(args.folderId, permission.record), ':no_entry:'));
        return;
      }
      await respondEphemeral(ctx.respond, renderFolderDeleteConfirm(args.folderId, permission.record.name));
    },
    failureOptions(ctx, 'deleting the folder', true),
  );
}
