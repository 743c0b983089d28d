/** Digest subscription cards: the list (message and App Home rows) and the (un)subscribe confirmations. */
import type { DigestSubscription } from '../../../store/records.js';
import { ACTION_IDS, indexedActionId } from '../../blocks/action-ids.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { encodeSimple } from '../../kit/button-values.js';
import { actions, button, context, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { clampMessage } from '../../blocks/limits.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `<#C123>` for real channel ids (a Slack reference we build, never from service text). */
function channelMention(channelId: string): string {
  return /^[CGD][A-Z0-9]{2,30}$/.test(channelId) ? `<#${channelId}>` : escapeMrkdwn(channelId);
}

function describeSchedule(sub: Pick<DigestSubscription, 'cadence' | 'weekday' | 'time' | 'timeZone' | 'top'>): string {
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

const MAX_SUBSCRIPTION_ROWS = 20;

export function renderSubscriptionList(subs: DigestSubscription[]): SlackMessage {
  const shown = subs.slice(0, MAX_SUBSCRIPTION_ROWS);
  const blocks: KnownBlock[] = [header('Trending-concept digests')];
  if (shown.length === 0)
    blocks.push(section('No channel in this workspace receives digests yet. Start one with `/concepts subscribe #channel`.'));
  for (const [i, s] of shown.entries()) blocks.push(...subscriptionRow(s, i));
  if (subs.length > shown.length) blocks.push(context(`…and ${subs.length - shown.length} more subscriptions`));
  const text = shown.length
    ? `Digest subscriptions: ${shown.map((s) => `${channelMention(s.channelId)} ${describeSchedule(s)}${s.paused ? ' (paused)' : ''}`).join('; ')}`
    : 'No digest subscriptions yet.';
  return clampMessage({ text, blocks });
}

export function renderSubscribed(sub: DigestSubscription, replaced = false): SlackMessage {
  const text = `${replaced ? 'Updated' : 'Subscribed'}: ${channelMention(sub.channelId)} gets trending concepts ${escapeMrkdwn(describeSchedule(sub))}.`;
  return clampMessage({
    text,
    blocks: [
      section(`:white_check_mark: ${text}`),
      context('`/concepts subscriptions` lists every digest; `/concepts unsubscribe` stops this one.'),
    ],
  });
}

export function renderUnsubscribed(channelId: string, existed: boolean): SlackMessage {
  const text = existed
    ? `${channelMention(channelId)} will no longer receive digests.`
    : `${channelMention(channelId)} had no digest subscription.`;
  return clampMessage({ text, blocks: [section(text)] });
}
