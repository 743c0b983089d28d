/** Watchlist cards: the list with Remove buttons (message and App Home rows) and the confirmations. */
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { WatchRecord } from '../../../store/records.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { encodeSimple } from '../../kit/button-values.js';
import { actions, button, context, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { clampMessage } from '../../blocks/limits.js';
import { describeWatch, describeWatchTarget, watchRows } from '../../kit/cards/watch-rows.js';

/** `/research watches`: a channel's watches, or the user's own in a DM. */
export function renderWatchList(watches: WatchRecord[], scope: { channelId: string; dm: boolean }): SlackMessage {
  const title = scope.dm ? 'Your watches' : 'Watches of this channel';
  const blocks: KnownBlock[] = [header(title)];
  if (watches.length === 0) blocks.push(section('Nothing is watched here yet. Start with `/research watch $NVDA filings`.'));
  blocks.push(...watchRows(watches));
  blocks.push(actions([button({ text: 'Refresh', actionId: ACTION_IDS.watchList, value: encodeSimple({ ch: scope.channelId }) })]));
  const text = watches.length ? `${title}: ${watches.map((w) => describeWatchTarget(w.target)).join('; ')}` : `${title}: none yet.`;
  return clampMessage({ text: escapeMrkdwn(text), blocks });
}

export function renderWatchAdded(watch: WatchRecord): SlackMessage {
  const text = `Watching ${describeWatch(watch)}. New documents are posted there as they appear${watch.target.kind === 'symbol' ? ', and the day before each earnings date' : ''}.`;
  return clampMessage({
    text,
    blocks: [section(`:eyes: ${text}`), context('`/research watches` lists the watches here, with Remove buttons.')],
  });
}

export function renderWatchRemoved(watch: Pick<WatchRecord, 'target'>, existed: boolean): SlackMessage {
  const text = existed ? `No longer watching ${escapeMrkdwn(describeWatchTarget(watch.target))}.` : 'That watch was already removed.';
  return clampMessage({ text, blocks: [section(text)] });
}
