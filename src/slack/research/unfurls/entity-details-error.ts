/**
 * What the side panel of a document's Work Object says when it cannot show the document: the
 * `error` of entity.presentDetails. Slack draws `not_found`, `restricted` and `timeout` itself; a
 * failure of ours Slack has no status for is `custom`, with a title and a message saying what
 * happened and what to do. Never silence: every failure becomes one of these.
 * @see https://docs.slack.dev/reference/methods/entity.presentDetails
 */
import type { EntityPresentDetailsArguments } from '@slack/web-api';
import { isServiceError } from '../../../service/errors/service-error.js';
import { isConnectionFailure } from '../../../workspaces/connection-failure.js';
import { plainText } from '../../blocks/escape.js';
import { SLACK_LIMITS } from '../../blocks/limits.js';
import { clampPlainText } from '../../blocks/clamp-text.js';

export type EntityDetailsError = NonNullable<EntityPresentDetailsArguments['error']>;

function custom(title: string, message: string): EntityDetailsError {
  return {
    status: 'custom',
    custom_title: clampPlainText(plainText(title), SLACK_LIMITS.workObjectActionTextChars),
    custom_message: clampPlainText(plainText(message), SLACK_LIMITS.workObjectErrorMessageChars),
  };
}

/** The link names no document of the service (not a document page, or no id). */
export const UNKNOWN_DOCUMENT: EntityDetailsError = { status: 'not_found' };

/** The reader may not see the document in this workspace (the uploaded-files fence refused). */
export function refusedDocument(reason: string): EntityDetailsError {
  return custom('You can’t open this document here', reason);
}

/** Opening the panel outside a message: "Ask the agent" needs a conversation to answer in. */
export const ASK_NEEDS_A_CONVERSATION: EntityDetailsError = custom(
  'Ask the agent from a message',
  'Open this document from the message it was shared in, then press Ask the agent: the answer is posted in that message’s thread.',
);

/** Any failure reading the document, as the panel shows it. */
export function entityDetailsErrorOf(error: unknown): EntityDetailsError {
  if (isConnectionFailure(error)) return custom('Research Desk is not connected', error.message);
  if (isServiceError(error)) {
    switch (error.kind) {
      case 'not_found':
        return { status: 'not_found' };
      case 'auth':
        return { status: 'restricted' };
      case 'timeout':
        return { status: 'timeout' };
      case 'rate_limited':
        return custom('The research service is busy', 'It asked us to slow down. Refresh this panel in a minute.');
      default:
        return custom(
          'The research service is not answering',
          'The document could not be read just now. Refresh this panel in a few minutes; if it keeps failing, tell your workspace admin.',
        );
    }
  }
  return custom('Something went wrong', 'The document could not be shown. Refresh this panel to try again.');
}
