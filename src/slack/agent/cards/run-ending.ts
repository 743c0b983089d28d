/**
 * The line that ends a run's answer when it did not simply complete: an error in plain words,
 * who cancelled, or the silence timeout, in the answer's language. The mention of the canceller is our own text.
 */
import type { RunView } from '../../../agent/state/run-view.js';
import type { KnownBlock } from '@slack/types';
import type { AnswerLanguage } from '../../../language/answer-language.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { noteBlock, sectionBlock } from '../../blocks/markdown/markdown-to-blocks.js';
import { isSlackUserId } from './agent-render-context.js';
import { answerWords } from './answer-words.js';

export function runEndingBlocks(view: RunView, language: AnswerLanguage = 'en'): KnownBlock[] {
  const words = answerWords(language);
  if (view.timeout) {
    return [sectionBlock(`:hourglass: ${words.silentStop(words.duration(view.timeout.silentForMs))}`)];
  }
  if (view.status === 'cancelled') {
    const by = view.cancel?.byUserId;
    return [sectionBlock(`:no_entry_sign: ${isSlackUserId(by) ? words.cancelledBy(`<@${by}>`) : words.cancelled}`)];
  }
  if (view.status === 'failed') {
    const why = view.error?.message ?? words.stoppedWithoutReason;
    return [sectionBlock(`:warning: ${words.stopped(escapeMrkdwn(why))}`)];
  }
  if (view.status === 'completed' && view.error) {
    return [noteBlock(words.problemAlongTheWay(escapeMrkdwn(view.error.message)))];
  }
  return [];
}
