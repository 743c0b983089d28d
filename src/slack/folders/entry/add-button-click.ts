/**
 * A click on *Add to research folder* under a file shared in a DM: the files the button names go to
 * the add modal (src/slack/folders/add/), and their progress is told in the file message's thread.
 */
import { renderNotice } from '../../blocks/error-card.js';
import type { ButtonInteraction } from '../../kit/button-interaction.js';
import { respondEphemeral } from '../../kit/deliver-card.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { openAddDocumentModal } from '../add/open-add-modal.js';
import { decodeAddFilesButton } from './add-files-button-value.js';
import { addRefusal } from './add-fence.js';

export const ADD_BUTTON_EXPIRED =
  'This button no longer works. Share the file again, or use the *Add to research folder* message shortcut on its message.';

export async function addFilesClicked(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const files = decodeAddFilesButton(click.value);
  if (!files || !click.teamId || !click.channelId || !click.triggerId) {
    click.log.info('add-to-folder click without files, workspace, channel or trigger; refused');
    return respondEphemeral(click.respond, renderNotice(ADD_BUTTON_EXPIRED));
  }
  const refused = await addRefusal(deps, {
    client: click.client,
    workspace: click.workspace,
    userId: click.userId,
    ...(click.userTeamId ? { userTeamId: click.userTeamId } : {}),
    log: click.log,
  });
  if (refused) return respondEphemeral(click.respond, renderNotice(refused.reason, ':no_entry:'));
  await openAddDocumentModal(
    deps,
    { client: click.client, triggerId: click.triggerId, workspace: click.workspace, log: click.log },
    {
      teamId: click.teamId,
      userId: click.userId,
      channelId: click.channelId,
      ...(click.threadTs ? { threadTs: click.threadTs } : {}),
      files,
    },
  );
}
