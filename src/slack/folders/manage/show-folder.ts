/**
 * `/research folder <name or id>` (the research slice resolved a name to the id) and
 * `/research folders`: the folder's files and their status, or the folders the user sees.
 * A user of another organisation (Slack Connect) is refused in the words every fence uses.
 */
import { renderNotice } from '../../blocks/error-card.js';
import { commandFailureTarget } from '../../kit/answer-command.js';
import type { CommandContext } from '../../kit/command-context.js';
import { respondEphemeral } from '../../kit/deliver-card.js';
import { withFailureReply } from '../../kit/failure-reply.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { retryOption } from '../../kit/retry-value.js';
import { documentViewerOf } from './document-viewer.js';
import { folderCard, folderListCard } from './folder-view.js';

export async function handleFolderShow(deps: ListenerDeps, ctx: CommandContext, args: { folder?: string }): Promise<void> {
  await withFailureReply(
    async () => {
      const installing = {
        teamId: ctx.command.team_id,
        ...(ctx.workspace.enterpriseId ? { enterpriseId: ctx.workspace.enterpriseId } : {}),
      };
      const verdict = await documentViewerOf(ctx.client, installing, ctx.command.user_id, ctx.log);
      if (!verdict.allowed) {
        ctx.log.info('folder card refused: a user of another organisation');
        return respondEphemeral(ctx.respond, renderNotice(verdict.reason, ':no_entry:'));
      }
      const card =
        args.folder === undefined ? await folderListCard(deps, verdict.viewer) : await folderCard(deps, verdict.viewer, args.folder);
      await respondEphemeral(ctx.respond, card);
    },
    {
      ...commandFailureTarget(ctx),
      action: args.folder === undefined ? 'listing the folders' : 'showing the folder',
      ...retryOption({ kind: 'command', command: ctx.command.command, text: ctx.command.text }),
    },
  );
}
