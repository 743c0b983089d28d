/**
 * Sends the unfurls of a message's document links: as Work Objects (chat.unfurl `metadata`) where
 * the workspace takes them, else as the classic compact cards (`unfurls` blocks).
 *
 * How Slack says a workspace does not take Work Objects is not documented as such. chat.unfurl
 * documents `error_processing_metadata` ("the metadata parameter was invalid") and
 * `invalid_metadata_format`; entity.presentDetails documents `feature_not_enabled` ("temporarily
 * gating API"). On any of the three the same links are sent again as classic cards at once; on
 * `feature_not_enabled` (a workspace-wide gate, UNCONFIRMED for chat.unfurl) the workspace is
 * remembered for a day (src/store/work-object-refusals.ts), so its next links go classic without the refused call.
 * @see https://docs.slack.dev/reference/methods/chat.unfurl
 * @see https://docs.slack.dev/messaging/work-objects-implementation
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import type { StateStore } from '../../../store/state-store.js';
import { WorkObjectRefusals } from '../../../store/work-object-refusals.js';
import { classicUnfurls, type LinkedDocument } from './build-document-unfurls.js';
import { documentUnfurlEntity } from './document-entity.js';

/** chat.unfurl errors after which the links are unfurled classic instead. */
const WORK_OBJECT_REFUSALS = new Set(['feature_not_enabled', 'error_processing_metadata', 'invalid_metadata_format']);
/** The refusal that stands for the whole workspace (remembered). */
const WORKSPACE_GATE = 'feature_not_enabled';

export type UnfurlTarget = { unfurl_id: string; source: 'composer' | 'conversations_history' } | { channel: string; ts: string };

export interface SendUnfurlsInput {
  client: WebClient;
  state: StateStore;
  teamId: string;
  target: UnfurlTarget;
  docs: readonly LinkedDocument[];
  log: Logger;
}

/** How the links were unfurled: `work_objects`, `classic`, or `failed` (logged). */
export type UnfurlOutcome = 'work_objects' | 'classic' | 'failed';

export async function sendDocumentUnfurls(input: SendUnfurlsInput): Promise<UnfurlOutcome> {
  const { client, state, teamId, target, docs, log } = input;
  const refusals = new WorkObjectRefusals(state);
  const remembered = await refusals.refused(teamId).catch((error: unknown) => {
    log.warn('whether the workspace takes Work Objects could not be read: trying them', { error });
    return false;
  });
  if (!remembered) {
    const metadata = { entities: docs.map(({ url, doc }) => documentUnfurlEntity(doc, { postedUrl: url })) };
    try {
      await client.chat.unfurl({ ...target, metadata });
      log.info('document links unfurled as Work Objects', { count: docs.length });
      return 'work_objects';
    } catch (error) {
      const failure = toSlackCallError('chat.unfurl', error);
      if (!WORK_OBJECT_REFUSALS.has(failure.code)) {
        log.warn('chat.unfurl failed', { error: failure, slack_error: failure.code });
        return 'failed';
      }
      if (failure.code === WORKSPACE_GATE) {
        log.info('Work Object unfurl refused: unfurling classic cards', { slack_error: failure.code });
        await refusals.remember(teamId, failure.code).catch((e: unknown) => {
          log.warn('the Work Object refusal could not be remembered', { error: e });
        });
      } else {
        // Our own metadata refused: a fault of ours, which the classic cards cover meanwhile.
        log.warn('Work Object unfurl refused: unfurling classic cards', { slack_error: failure.code, error: failure });
      }
    }
  }
  try {
    await client.chat.unfurl({ ...target, unfurls: classicUnfurls(docs) });
    log.info('document links unfurled', { count: docs.length, classic: true });
    return 'classic';
  } catch (error) {
    const failure = toSlackCallError('chat.unfurl', error);
    log.warn('chat.unfurl failed', { error: failure, slack_error: failure.code });
    return 'failed';
  }
}
