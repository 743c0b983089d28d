/** The scheduled trending-concepts digest: top concepts plus what changed since the last digest. */
import type { Concept } from '../../../service/types.js';
import type { DigestSnapshot } from '../../../store/records.js';
import { ACTION_IDS, indexedActionId } from '../../blocks/action-ids.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { encodeSimple } from '../../kit/button-values.js';
import { button, compact, context, divider, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { displayDate, excerpt, formatNumber, isNum } from '../../blocks/format.js';
import { clampMessage } from '../../blocks/limits.js';
import { conceptSummary, MAX_CONCEPTS_PER_CARD, NEW_BADGE, SUMMARY_STOCKS } from '../concepts-card.js';

export interface ConceptChange {
  conceptId: string;
  name: string;
  status: 'new' | 'up' | 'down' | 'same';
  /** trendingScore now minus in the previous digest (undefined when new). */
  delta?: number;
}

export interface DigestDiff {
  changes: Map<string, ConceptChange>;
  /** Concepts of the previous digest no longer in the top list. */
  dropped: Array<{ conceptId: string; name: string }>;
}

/** Pure diff of the current top list against the previous digest's snapshot. */
export function diffConcepts(current: Concept[], previous: DigestSnapshot | null | undefined): DigestDiff {
  const before = new Map((previous?.concepts ?? []).map((c) => [c.conceptId, c]));
  const changes = new Map<string, ConceptChange>();
  for (const c of current) {
    const prev = before.get(c.conceptId);
    if (!prev) {
      changes.set(c.conceptId, { conceptId: c.conceptId, name: c.name, status: previous ? 'new' : c.firstDetected ? 'new' : 'same' });
      continue;
    }
    const delta = isNum(c.trendingScore) && isNum(prev.trendingScore) ? c.trendingScore - prev.trendingScore : 0;
    changes.set(c.conceptId, {
      conceptId: c.conceptId,
      name: c.name,
      status: delta > 1e-9 ? 'up' : delta < -1e-9 ? 'down' : 'same',
      delta,
    });
  }
  const ids = new Set(current.map((c) => c.conceptId));
  const dropped = (previous?.concepts ?? []).filter((c) => !ids.has(c.conceptId)).map((c) => ({ conceptId: c.conceptId, name: c.name }));
  return { changes, dropped };
}

/** What to store as the next digest's baseline. */
export function digestSnapshot(concepts: Concept[], postedAtMs: number, slot: string): DigestSnapshot {
  return { postedAtMs, slot, concepts: concepts.map((c) => ({ conceptId: c.conceptId, name: c.name, trendingScore: c.trendingScore })) };
}

function changeBadge(ch: ConceptChange | undefined): string {
  if (!ch) return '';
  if (ch.status === 'new') return ` ${NEW_BADGE}`;
  if (ch.status === 'up') return ` :arrow_up: ${formatNumber(ch.delta, 2, true)}`;
  if (ch.status === 'down') return ` :arrow_down: ${formatNumber(ch.delta, 2, true)}`;
  return '';
}

export interface DigestCardInput {
  concepts: Concept[];
  previous: DigestSnapshot | null;
  top: number;
  nowMs: number;
  timeZone: string;
}

export function renderDigest(input: DigestCardInput): SlackMessage {
  const shown = [...input.concepts]
    .sort((a, b) => (b.trendingScore || 0) - (a.trendingScore || 0))
    .slice(0, Math.max(1, Math.min(input.top, MAX_CONCEPTS_PER_CARD)));
  const diff = diffConcepts(shown, input.previous);
  const all = [...diff.changes.values()];
  const counts = {
    new: all.filter((c) => c.status === 'new'),
    up: all.filter((c) => c.status === 'up'),
    down: all.filter((c) => c.status === 'down'),
  };
  const today = displayDate(input.nowMs, input.timeZone) ?? '';
  const since = input.previous ? displayDate(input.previous.postedAtMs, input.timeZone) : undefined;
  const summary = input.previous
    ? `Since ${since ?? 'the last digest'}: ${counts.new.length} new, ${counts.up.length} up, ${counts.down.length} down${diff.dropped.length ? `, ${diff.dropped.length} dropped out` : ''}.`
    : 'First digest for this channel.';
  const blocks: Array<KnownBlock | false> = [
    header(`Trending concepts · ${today}`),
    context(escapeMrkdwn(summary), `${NEW_BADGE} new · :arrow_up: :arrow_down: trending score change`),
  ];
  if (shown.length === 0) blocks.push(section('No trending concepts today.'));
  shown.forEach((c, i) => {
    const [first, ...rest] = conceptSummary(c, { stocks: SUMMARY_STOCKS, docs: 2, description: 160 }).split('\n');
    const head = `${(first ?? '').replace(` ${NEW_BADGE}`, '')}${changeBadge(diff.changes.get(c.conceptId))}`;
    blocks.push(
      divider(),
      section(
        [head, ...rest].join('\n'),
        button({
          text: 'Expand',
          actionId: indexedActionId(ACTION_IDS.conceptExpand, i),
          value: encodeSimple({ c: c.conceptId, n: excerpt(c.name, 60) }),
        }),
      ),
    );
  });
  if (diff.dropped.length)
    blocks.push(
      context(
        escapeMrkdwn(
          `Dropped out: ${diff.dropped
            .slice(0, 10)
            .map((d) => d.name)
            .join(', ')}`,
        ),
      ),
    );
  const text = `Trending concepts digest ${today}: ${summary} Top: ${shown
    .slice(0, 5)
    .map((c) => c.name)
    .join(', ')}`;
  return clampMessage({ text: escapeMrkdwn(text), blocks: compact(blocks) });
}
