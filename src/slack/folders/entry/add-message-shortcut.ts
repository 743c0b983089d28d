/**
 * The *Add to research folder* message shortcut: the message's files go to the add modal, their
 * progress told in the message's thread. A message without files, or a user of another
 * organisation, gets a private note saying why nothing opened.
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import { renderNotice } from '../../blocks/error-card.js';
import { requestContext } from '../../kit/correlation-middleware.js';
import { postEphemeralTo } from '../../kit/deliver-card.js';
import { withFailureReply } from '../../kit/failure-reply.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { ephemeralTargetOf, shortcutTarget } from '../../kit/shortcut-target.js';
import { openAddDocumentModal } from '../add/open-add-modal.js';
import { addRefusal } from './add-fence.js';
import { filesOfMessage } from './message-files.js';

type MessageShortcutArgs = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;

export const NO_FILES =
  'This message has no files to add. Use *Add to research folder* on a message with a file (a PDF, Word, Excel, PowerPoint, CSV, text or Markdown file), or share the file with me in a DM.';

export function addToFolderShortcut(deps: ListenerDeps): (args: MessageShortcutArgs) => Promise<void> {
  return async ({ ack, shortcut, client, context, respond }) => {
    await ack();
    const { log, correlationId, workspace } = requestContext(context, deps.logger);
    const target = shortcutTarget(shortcut, client, context.teamId);
    const ephemeral = ephemeralTargetOf(target);
    await withFailureReply(
      async () => {
        const refused = await addRefusal(deps, {
          client,
          workspace,
          userId: target.user,
          ...(shortcut.user.team_id ? { userTeamId: shortcut.user.team_id } : {}),
          log,
        });
        if (refused) {
          log.info('add to folder refused: a user of another organisation', { user_team: refused.userTeamId });
          await postEphemeralTo({ ...ephemeral, recipientTeamId: refused.userTeamId }, renderNotice(refused.reason, ':no_entry:'));
          return;
        }
        const files = filesOfMessage((shortcut.message as { files?: unknown }).files);
        if (files.length === 0) {
          log.info('add to folder on a message without files');
          await postEphemeralTo(ephemeral, renderNotice(NO_FILES));
          return;
        }
        await openAddDocumentModal(
          deps,
          { client, triggerId: shortcut.trigger_id, workspace, log },
          { teamId: target.teamId, userId: target.user, channelId: target.channel, threadTs: target.threadTs, files },
        );
      },
      { log, correlationId, postEphemeral: ephemeral, respond, action: 'opening the add-to-folder form' },
    );
  };
}
