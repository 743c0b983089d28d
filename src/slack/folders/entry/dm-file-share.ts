/**
 * A file shared in a DM with the app gets a reply in the file message's thread with the *Add to
 * research folder* button. Words shared with the file are a question too: the agent's own listener
 * answers them (src/slack/agent/agent-events.ts); a file with no words is not a question.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import { renderNotice } from '../../blocks/error-card.js';
import { postInChannel } from '../../kit/deliver-card.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { encodeAddFilesButton } from './add-files-button-value.js';
import { renderAddFilesReply } from './add-files-reply.js';
import { addRefusal } from './add-fence.js';
import type { DmFileShare } from './message-files.js';

export interface FileShareContext {
  client: WebClient;
  workspace: WorkspaceRef;
  log: Logger;
}

export async function replyToDmFileShare(deps: ListenerDeps, share: DmFileShare, ctx: FileShareContext): Promise<void> {
  const target = { client: ctx.client, channel: share.channelId, threadTs: share.threadTs ?? share.ts };
  // Only a payload naming another team asks Slack who the user is: a DM is otherwise the workspace's own.
  const refused =
    share.userTeamId === undefined
      ? undefined
      : await addRefusal(deps, {
          client: ctx.client,
          workspace: ctx.workspace,
          userId: share.userId,
          userTeamId: share.userTeamId,
          log: ctx.log,
        });
  if (refused) {
    ctx.log.info('file shared by a user of another organisation: no add button', { user_team: refused.userTeamId });
    await postInChannel(target, renderNotice(refused.reason, ':no_entry:'));
    return;
  }
  await postInChannel(target, renderAddFilesReply(share.files, encodeAddFilesButton(share.files)));
  ctx.log.info('offered to add the files shared in a DM', { files: share.files.length, with_question: share.hasText });
}
