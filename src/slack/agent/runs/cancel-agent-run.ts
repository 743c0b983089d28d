/**
 * The Cancel button on a run's reply. The run then ends on its own with "Cancelled by <@user>"
 * (the relay renders that); here only refusals and failures are answered, in a note to the
 * person who pressed it.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { mayCancelRun } from './may-cancel-run.js';
import { tellUser } from './tell-user.js';

export interface CancelClick {
  runId: string;
  teamId: string;
  channelId: string;
  userId: string;
  /** The thread the reply is in, so the note appears there. */
  threadTs?: string;
  client: WebClient;
  log: Logger;
}

export type CancelClickOutcome = 'cancel_requested' | 'refused' | 'unknown_run' | 'not_cancelled';

export const CANCEL_REFUSED = 'Only the person who asked, or a workspace admin, can cancel this run.';
const CANCEL_UNVERIFIED = 'I couldn’t check your permissions with Slack, so the run keeps going. Try again in a moment.';
const UNKNOWN_RUN = 'I no longer know that run, so it can’t be cancelled.';

export async function cancelAgentRunClick(deps: ListenerDeps, click: CancelClick): Promise<CancelClickOutcome> {
  const log = click.log.child({ component: 'cancel-agent-run', runId: click.runId });
  const note = (text: string) =>
    tellUser(
      click.client,
      { channelId: click.channelId, userId: click.userId, text, ...(click.threadTs ? { threadTs: click.threadTs } : {}) },
      log,
    );

  const run = await deps.stores.runs.get(click.runId);
  if (!run || run.teamId !== click.teamId) {
    await note(UNKNOWN_RUN);
    return 'unknown_run';
  }
  const permission = await mayCancelRun(click.client, run, { userId: click.userId, teamId: click.teamId }, log);
  if (!permission.allowed) {
    log.info('cancel refused', { user: click.userId, reason: permission.reason });
    await note(permission.reason === 'unverified' ? CANCEL_UNVERIFIED : CANCEL_REFUSED);
    return 'refused';
  }
  const result = await deps.relay.cancelRun(click.runId, click.userId);
  if (!result.ok) {
    log.info('cancel not done', { reason: result.reason });
    await note(result.message);
    return 'not_cancelled';
  }
  log.info('cancel requested', { by: click.userId, as: permission.as, status: result.status });
  return 'cancel_requested';
}
