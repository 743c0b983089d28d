/**
 * Watch rows with their Remove buttons: shown on the watchlist card (watch slice) and on App Home
 * (home slice), so they live beneath both.
 */
import type { KnownBlock } from '@slack/types';
import type { WatchRecord, WatchTarget } from '../../../store/records.js';
import { ACTION_IDS, indexedActionId } from '../../blocks/action-ids.js';
import { button, context, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { encodeSimple } from '../button-values.js';

/** How a watch's target reads in text (plain; escape before putting it in mrkdwn). */
export function describeWatchTarget(target: WatchTarget): string {
  return target.kind === 'symbol' ? target.symbol : `“${target.keyword}”`;
}

/** Rows a list shows; a channel holds at most WATCH_LIMITS.perChannel, a team's Home may show more. */
export const MAX_WATCH_ROWS = 20;

/** `<#C123>` for real channel ids (a reference we build, never from service text). */
function where(watch: WatchRecord): string {
  if (watch.scope === 'user') return 'your DM';
  return /^[CG][A-Z0-9]{2,30}$/.test(watch.channelId) ? `<#${watch.channelId}>` : escapeMrkdwn(watch.channelId);
}

export function describeWatch(watch: WatchRecord): string {
  const categories = watch.categories.length > 0 ? watch.categories.join(', ') : 'all categories';
  return `${escapeMrkdwn(describeWatchTarget(watch.target))} · ${escapeMrkdwn(categories)} → ${where(watch)}`;
}

/** The Remove button's value: the watch's team, channel and id. */
export function watchButtonValue(watch: WatchRecord): string {
  return encodeSimple({ t: watch.teamId, ch: watch.channelId, w: watch.watchId });
}

/**
 * One watch: what, where, its state, and a Remove button (ids indexed by row) when the viewer may
 * remove it (watch-permission.ts); else a line saying who can.
 */
export function watchRow(watch: WatchRecord, index: number, removable = true): KnownBlock[] {
  const state = watch.paused ? `\n:double_vertical_bar: paused${watch.pausedReason ? ` (${escapeMrkdwn(watch.pausedReason)})` : ''}` : '';
  if (!removable) return [section(`${describeWatch(watch)}${state}\n_Added by someone else: they or a workspace admin can remove it._`)];
  return [
    section(
      `${describeWatch(watch)}${state}`,
      button({
        text: 'Remove',
        actionId: indexedActionId(ACTION_IDS.watchRemove, index),
        value: watchButtonValue(watch),
        style: 'danger',
        confirm: { title: 'Remove this watch?', text: 'Alerts for it stop.', confirm: 'Remove', deny: 'Keep' },
      }),
    ),
  ];
}

export interface WatchRowsOptions {
  /** Whether the viewer may remove these watches (default true). */
  removable?: boolean;
  /** The first row's index, so two lists in one view keep their action ids apart. */
  firstIndex?: number;
  maxRows?: number;
}

/** Rows for App Home (no header): at most MAX_WATCH_ROWS (or maxRows), then a count of the rest. */
export function watchRows(watches: WatchRecord[], options: WatchRowsOptions = {}): KnownBlock[] {
  const shown = watches.slice(0, options.maxRows ?? MAX_WATCH_ROWS);
  const first = options.firstIndex ?? 0;
  const blocks = shown.flatMap((w, i) => watchRow(w, first + i, options.removable ?? true));
  if (watches.length > shown.length) blocks.push(context(`…and ${watches.length - shown.length} more watches`));
  return blocks;
}
