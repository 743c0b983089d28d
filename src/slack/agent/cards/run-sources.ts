/** The documents the run's tools returned, listed under the answer (deduplicated, capped). */
import type { RunView, SourceRef } from '../../../agent/state/run-view.js';
import type { KnownBlock } from '@slack/types';
import { escapeMrkdwn, mrkdwnLink } from '../../blocks/escape.js';
import { clampPlainText, clampText } from '../../blocks/clamp-text.js';
import { sectionBlock } from '../../blocks/markdown/markdown-to-blocks.js';

const MAX_SOURCES_SHOWN = 8;
const MAX_TITLE_CHARS = 150;

function key(s: SourceRef): string {
  return s.url ?? s.docId ?? s.title;
}

function sourceLine(s: SourceRef): string {
  const title = s.title.replace(/\s+/g, ' ').trim() || s.url || 'Untitled document';
  const label = clampPlainText(title, MAX_TITLE_CHARS);
  return `• ${s.url ? mrkdwnLink(s.url, label) : escapeMrkdwn(label)}`;
}

export function runSourcesBlocks(view: RunView, max = MAX_SOURCES_SHOWN): KnownBlock[] {
  const seen = new Set<string>();
  const unique = view.sources.filter((s) => {
    if (seen.has(key(s))) return false;
    seen.add(key(s));
    return true;
  });
  if (unique.length === 0) return [];
  const shown = unique.slice(0, max);
  const more = unique.length - shown.length + view.sourcesDropped;
  const lines = ['*Sources*', ...shown.map(sourceLine)];
  if (more > 0) lines.push(`_+${more} more_`);
  return [sectionBlock(clampText(lines.join('\n'), 3000))];
}
