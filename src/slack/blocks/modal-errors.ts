/**
 * `response_action: errors`: what to fix, shown by Slack under the named inputs of a submitted
 * modal (keys are block_ids). Each message is kept to one short line.
 * @see https://docs.slack.dev/surfaces/modals#displaying_errors
 */
import { clampPlainText } from './clamp-text.js';

/** How long a message under an input may be before it stops reading as one line. */
export const MODAL_FIELD_ERROR_CHARS = 150;

export interface ModalErrorsResponse {
  response_action: 'errors';
  errors: Record<string, string>;
}

/** Field → message becomes block_id → message, for the fields that have one. */
export function modalErrors<F extends string>(
  errors: Partial<Record<F, string>>,
  blockIds: Readonly<Record<F, string>>,
): ModalErrorsResponse {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors) as Array<[F, string | undefined]>) {
    if (message) out[blockIds[field]] = clampPlainText(message, MODAL_FIELD_ERROR_CHARS);
  }
  return { response_action: 'errors', errors: out };
}
