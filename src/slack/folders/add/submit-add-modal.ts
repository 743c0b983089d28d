/**
 * Submission of the add modal: fields that cannot be used stay in the modal with what to fix
 * (`response_action: errors`); otherwise the modal closes at once and each file is added in turn,
 * its progress told in the place it was added from (add-one-file.ts).
 * @see https://docs.slack.dev/surfaces/modals#handling_submissions
 */
import type { Middleware, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { Logger } from '../../../observability/logger.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import { requestContext } from '../../kit/correlation-middleware.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { checkChannelAccess } from '../../kit/permissions/channel-access.js';
import { checkExternalAccess } from '../../kit/permissions/external-access.js';
import { renderNotice } from '../../blocks/error-card.js';
import { postNotice } from '../follow/notice-messages.js';
import { FILE_NOT_YOURS } from './file-access.js';
import { decodeAddRequest } from './add-request.js';
import { addOneFile } from './add-one-file.js';
import { createFolderTarget } from './folder-target.js';
import { usableFolders } from './usable-folders.js';
import type { FilesToAdd } from './files-to-add.js';
import { type AddChoice, addSubmissionErrors, parseAddSubmission, type ViewStateValues } from './parse-add-submission.js';

export function addModalSubmit(deps: ListenerDeps): Middleware<SlackViewMiddlewareArgs<ViewSubmitAction>> {
  return async ({ ack, view, body, client, context }) => {
    const { log, workspace } = requestContext(context, deps.logger);
    const request = decodeAddRequest(view.private_metadata);
    if (!request || request.teamId !== workspace.teamId || request.userId !== body.user.id) {
      log.warn('add modal: a submission whose form this app did not open for this user', { user: body.user.id });
      await ack(addSubmissionErrors({ newFolder: 'This form has expired. Close it and choose Add to research folder again.' }));
      return;
    }
    const verdict = await checkExternalAccess(deps.stores, {
      client,
      workspace,
      userId: body.user.id,
      log,
      workspaceData: true,
      ...(body.user.team_id ? { payloadTeamId: body.user.team_id } : {}),
    });
    if (!verdict.allowed) {
      await ack(addSubmissionErrors({ newFolder: 'People from other organisations cannot add files to this workspace’s folders.' }));
      return;
    }
    const folders = await usableFolders(deps.stores, client, { teamId: workspace.teamId, userId: body.user.id }, log);
    const parsed = parseAddSubmission(view.state.values as ViewStateValues, folders);
    if (!parsed.ok) {
      log.info('add modal: inputs refused', { fields: Object.keys(parsed.errors) });
      await ack(addSubmissionErrors(parsed.errors));
      return;
    }
    await ack();
    await addFiles(deps, { workspace, log }, request, parsed.choice);
  };
}

/** After the ack: the workspace's service and bot client, then each file in turn. */
export async function addFiles(
  deps: ListenerDeps,
  at: { workspace: WorkspaceRef; log: Logger },
  request: FilesToAdd,
  choice: AddChoice,
): Promise<void> {
  const { log } = at;
  try {
    const service = await deps.workspaces.service(at.workspace);
    const client = await deps.workspaces.slackClient(at.workspace);
    // The conversation to tell in comes from the metadata: the bot posts there only for someone who can read it.
    const access = await checkChannelAccess({ client, userId: request.userId, channelId: request.channelId, log });
    if (!access.allowed) {
      log.warn('add refused: the submitter cannot read the conversation the form names', { channel: request.channelId, why: access.why });
      await postNotice(
        { deps, teamId: request.teamId, client, log },
        { channelId: request.userId },
        renderNotice(FILE_NOT_YOURS, ':no_entry:'),
      );
      return;
    }
    const folder = createFolderTarget(deps, service, choice.folder, { teamId: request.teamId, userId: request.userId });
    const run = {
      deps,
      service,
      client,
      log,
      teamId: request.teamId,
      userId: request.userId,
      where: { channelId: request.channelId, ...(request.threadTs ? { threadTs: request.threadTs } : {}) },
      folder,
      ...(choice.tags ? { tags: choice.tags } : {}),
    };
    for (const file of request.files) await addOneFile(run, file);
  } catch (error) {
    log.error('adding files to a research folder failed', { files: request.files.length, error });
  }
}
