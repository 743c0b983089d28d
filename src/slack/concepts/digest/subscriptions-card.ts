/** Digest subscription cards: the list (message and App Home rows) and the (un)subscribe confirmations. */
import type { DigestSubscription } from '../../../store/records.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { context, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { clampMessage } from '../../blocks/limits.js';

import { channelMention, describeSchedule, subscriptionRow } from '../../kit/cards/subscription-rows.js';

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
