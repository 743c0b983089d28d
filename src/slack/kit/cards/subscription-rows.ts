/**
 * A digest subscription's row with Pause/Resume and Remove: shown on the subscriptions card
 * (concepts slice) and on App Home (home slice), so it lives beneath both.
 */
import type { KnownBlock } from '@slack/types';
import type { DigestSubscription } from '../../../store/records.js';
import { ACTION_IDS, indexedActionId } from '../../blocks/action-ids.js';
import { actions, button, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { encodeSimple } from '../button-values.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `<#C123>` for real channel ids (a Slack reference we build, never from service text). */
export function channelMention(channelId: string): string {
  return /^[CGD][A-Z0-9]{2,30}$/.test(channelId) ? `<#${channelId}>` : escapeMrkdwn(channelId);
}

export function describeSchedule(sub: Pick<DigestSubscription, 'cadence' | 'weekday' | 'time' | 'timeZone' | 'top'>): string {
  const when =
    sub.cadence === 'weekly' ? `every ${DAYS[sub.weekday ?? 1] ?? 'Monday'}` : sub.cadence === 'weekdays' ? 'every weekday' : 'every day';
  return `${when} at ${sub.time} ${sub.timeZone} · top ${sub.top}`;
}

/** One subscription: description plus Pause/Resume and Remove buttons (ids indexed by row). */
export function subscriptionRow(sub: DigestSubscription, index: number): KnownBlock[] {
  const value = encodeSimple({ t: sub.teamId, ch: sub.channelId });
  const state = sub.paused
    ? `:double_vertical_bar: paused${sub.pausedReason ? ` (${escapeMrkdwn(sub.pausedReason)})` : ''}`
    : ':white_check_mark: active';
  return [
    section(`${channelMention(sub.channelId)} · ${escapeMrkdwn(describeSchedule(sub))}\n${state}`),
    actions([
      sub.paused
        ? button({ text: 'Resume', actionId: indexedActionId(ACTION_IDS.subscriptionResume, index), value })
        : button({ text: 'Pause', actionId: indexedActionId(ACTION_IDS.subscriptionPause, index), value }),
      button({
        text: 'Remove',
        actionId: indexedActionId(ACTION_IDS.subscriptionRemove, index),
        value,
        style: 'danger',
        confirm: {
          title: 'Remove this digest?',
          text: 'The channel will stop receiving trending-concept digests.',
          confirm: 'Remove',
          deny: 'Keep',
        },
      }),
    ]),
  ];
}
