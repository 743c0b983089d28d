/**
 * The line that ends a run's answer when it did not simply complete: an error in plain words,
 * who cancelled, or the silence timeout. The mention of the canceller is our own text.
 */
import type { RunView } from '../../../agent/state/run-view.js';
import type { KnownBlock } from '@slack/types';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { noteBlock, sectionBlock } from '../../blocks/markdown/markdown-to-blocks.js';
import { spokenDuration } from './spoken-duration.js';
import { isSlackUserId } from './agent-render-context.js';

export function runEndingBlocks(view: RunView): KnownBlock[] {
  if (view.timeout) {
    return [sectionBlock(`:hourglass: No news from the agent for ${spokenDuration(view.timeout.silentForMs)}; the run was stopped.`)];
  }
  if (view.status === 'cancelled') {
    const by = view.cancel?.byUserId;
    return [sectionBlock(isSlackUserId(by) ? `:no_entry_sign: Cancelled by <@${by}>.` : ':no_entry_sign: Cancelled.')];
  }
  if (view.status === 'failed') {
    const why = view.error?.message ?? 'the service ended the run without saying why';
    return [sectionBlock(`:warning: The agent stopped: ${escapeMrkdwn(why)}`)];
  }
  if (view.status === 'completed' && view.error) {
    return [noteBlock(`The agent reported a problem along the way: ${escapeMrkdwn(view.error.message)}`)];
  }
  return [];
}
