/** Where adding starts: a file shared in a DM, and the *Add to research folder* message shortcut (issue 31). */
import type { MessageShortcut } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { ACTION_IDS, actionIdPattern } from '../../blocks/action-ids.js';
import { buttonListener, type ButtonClick } from '../../kit/button-interaction.js';
import { requestContext } from '../../kit/correlation-middleware.js';
import type { RegisterSlice } from '../../kit/feature-hooks.js';
import { MESSAGE_SHORTCUT_IDS } from '../../kit/message-shortcut-ids.js';
import { addFilesClicked } from './add-button-click.js';
import { addToFolderShortcut } from './add-message-shortcut.js';
import { replyToDmFileShare } from './dm-file-share.js';
import { dmFileShareOf } from './message-files.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export const registerDocumentEntry: RegisterSlice = (app, deps) => {
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.documentAdd), buttonListener(deps, addFilesClicked, { action: 'adding the file' }));
  app.shortcut<MessageShortcut>({ callback_id: MESSAGE_SHORTCUT_IDS.addToFolder, type: 'message_action' }, addToFolderShortcut(deps));
  // message.im: a file shared in a DM with the app (the agent's own listener takes its words, if any).
  app.event('message', async (args: { event: unknown; body: unknown; context: Record<string, unknown>; client: WebClient }) => {
    const teamId = str(args.context.teamId) ?? str((args.body as Record<string, unknown>).team_id);
    const botUserId = str(args.context.botUserId);
    const share = dmFileShareOf(args.event as Record<string, unknown>, {
      ...(teamId ? { teamId } : {}),
      ...(botUserId ? { botUserId } : {}),
    });
    if (!share) return;
    const { log, workspace } = requestContext(args.context, deps.logger);
    try {
      await replyToDmFileShare(deps, share, { client: args.client, workspace, log });
    } catch (error) {
      // Bolt has acked the event: the log is the record; the file is still in the DM to add later.
      log.error('could not offer to add the files shared in a DM', { error });
    }
  });
};
