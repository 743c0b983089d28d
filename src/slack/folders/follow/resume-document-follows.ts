/**
 * At start: every file a stopped process left processing is followed again, with its workspace's
 * service and Slack client, so its user is told the outcome (once: claimTelling).
 */
import type { Logger } from '../../../observability/logger.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { followProcessing } from './follow-processing.js';

export async function resumeDocumentFollows(deps: ListenerDeps, log: Logger): Promise<number> {
  const records = await deps.stores.documents.processing();
  let resumed = 0;
  for (const record of records) {
    try {
      const workspace = { teamId: record.teamId };
      const service = await deps.workspaces.service(workspace);
      const client = await deps.workspaces.slackClient(workspace);
      void followProcessing(deps, { service, client, log: log.child({ doc: record.docId }) }, record);
      resumed += 1;
    } catch (error) {
      log.warn('a research document could not be followed again (workspace not connected or not installed)', {
        team: record.teamId,
        doc: record.docId,
        error,
      });
    }
  }
  return resumed;
}
