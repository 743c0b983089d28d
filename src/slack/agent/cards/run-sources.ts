/**
 * The documents the run's tools returned, listed under the answer (deduplicated, capped) under a
 * heading in the answer's language; none when the answer has its own list of sources (a heading
 * "Sources", "参考资料" …), so an answer lists its sources once.
 */
import type { RunView, SourceRef } from '../../../agent/state/run-view.js';
import type { KnownBlock } from '@slack/types';
import type { AnswerLanguage } from '../../../language/answer-language.js';
import { glossary, isSourcesHeading } from '../../../language/glossary.js';
import { escapeMrkdwn, mrkdwnLink } from '../../blocks/escape.js';
import { clampPlainText, clampText } from '../../blocks/clamp-text.js';
import { sectionBlock } from '../../blocks/markdown/markdown-to-blocks.js';
import { answerWords } from './answer-words.js';
import { finalAnswerMarkdown } from './run-answer-text.js';

const MAX_SOURCES_SHOWN = 8;
const MAX_TITLE_CHARS = 150;

/** A Markdown heading line ("## 参考资料") or a line that is only bold text ("**Sources:**"). */
const HEADING_LINE = /^\s{0,3}(?:#{1,6}\s+(.+?)\s*#*|\*\*(.+?)\*\*|__(.+?)__)\s*$/;

/** True when the answer text has its own sources section. */
export function answerListsSources(markdown: string): boolean {
  return markdown.split('\n').some((line) => {
    const m = HEADING_LINE.exec(line);
    const text = m?.[1] ?? m?.[2] ?? m?.[3];
    return text !== undefined && isSourcesHeading(text.replace(/[*_`]/g, ''));
  });
}

/** True when rendered blocks show a sources heading: a header block, or a section line that is only bold text. */
export function blocksListSources(blocks: readonly KnownBlock[]): boolean {
  return blocks.some((b) => {
    if (b.type === 'header') return isSourcesHeading(b.text.text);
    if (b.type !== 'section' || !b.text) return false;
    return b.text.text.split('\n').some((line) => {
      const m = /^\u200B?\*(.+?)\*\u200B?$/.exec(line.trim());
      return m?.[1] !== undefined && isSourcesHeading(m[1]);
    });
  });
}

function key(s: SourceRef): string {
  return s.url ?? s.docId ?? s.title;
}

function sourceLine(s: SourceRef, untitled: string): string {
  const title = s.title.replace(/\s+/g, ' ').trim() || s.url || untitled;
  const label = clampPlainText(title, MAX_TITLE_CHARS);
  return `• ${s.url ? mrkdwnLink(s.url, label) : escapeMrkdwn(label)}`;
}

/**
 * `answerShownWhole`: false when only the first part of the answer is shown (the rest in a file),
 * so the answer's own list may be out of sight and ours is given anyway.
 */
export function runSourcesBlocks(
  view: RunView,
  max = MAX_SOURCES_SHOWN,
  language: AnswerLanguage = 'en',
  answerShownWhole = true,
): KnownBlock[] {
  if (answerShownWhole && answerListsSources(finalAnswerMarkdown(view))) return [];
  const seen = new Set<string>();
  const unique = view.sources.filter((s) => {
    if (seen.has(key(s))) return false;
    seen.add(key(s));
    return true;
  });
  if (unique.length === 0) return [];
  const words = answerWords(language);
  const shown = unique.slice(0, max);
  const more = unique.length - shown.length + view.sourcesDropped;
  const lines = [`*${glossary(language).sourcesHeading}*`, ...shown.map((s) => sourceLine(s, words.untitledDocument))];
  if (more > 0) lines.push(`_${words.sourcesMore(more)}_`);
  return [sectionBlock(clampText(lines.join('\n'), 3000))];
}
