/**
 * The alert a watch posts: the new documents of one poll (escaped titles, links, category and
 * date), optionally the summary of an earnings transcript or filing, or the eve of an earnings
 * date. Pure; the message metadata is added by the poster.
 */
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { WatchAlert, WatchRecord } from '../../../store/records.js';
import { compact, context, header, section } from '../../blocks/card-parts.js';
import { bold, escapeMrkdwn, mrkdwnLink } from '../../blocks/escape.js';
import { displayDate, excerpt } from '../../blocks/format.js';
import { clampMessage, SLACK_LIMITS } from '../../blocks/limits.js';
import { describeWatchTarget } from '../../kit/cards/watch-rows.js';
import { markdownExcerpt } from '../../blocks/markdown/markdown-excerpt.js';
import { markdownToMrkdwn } from '../../blocks/markdown/markdown-pieces.js';

/** Summary text taken from the service (Markdown) before conversion. */
const SUMMARY_SOURCE_CHARS = 2_500;

function categoriesText(categories: readonly string[]): string {
  return categories.length > 0 ? categories.join(', ') : 'all categories';
}

export function renderWatchAlert(watch: WatchRecord, alert: WatchAlert): SlackMessage {
  const target = describeWatchTarget(watch.target);
  const footer = context(
    `Watch on ${escapeMrkdwn(target)} (${escapeMrkdwn(categoriesText(watch.categories))}) · \`/research watches\` lists or removes it`,
  );
  if (alert.kind === 'earnings_eve') {
    const period = [alert.fiscalYear && `FY${alert.fiscalYear}`, alert.fiscalQuarter].filter(Boolean).join(' ');
    const who = alert.name ? `${alert.name} (${target})` : target;
    const text = `${who} reports earnings tomorrow, ${alert.date}${period ? ` (${period})` : ''}.`;
    return clampMessage({
      text: escapeMrkdwn(text),
      blocks: [
        header(excerpt(`Earnings tomorrow: ${who}`, SLACK_LIMITS.headerTextChars)),
        section(`:calendar: ${escapeMrkdwn(text)} I will post the transcript or filing when it appears.`),
        footer,
      ],
    });
  }
  const lines = alert.docs.map((d) => {
    const meta = [d.category, displayDate(d.publishedMs)].filter(Boolean).join(' · ');
    return `• ${mrkdwnLink(d.url, excerpt(d.title, 200) || d.id)}${meta ? `  _${escapeMrkdwn(meta)}_` : ''}`;
  });
  const count = alert.docs.length;
  const title = `${count} new document${count === 1 ? '' : 's'} for ${target}`;
  const blocks: Array<KnownBlock | false> = [
    header(excerpt(title, SLACK_LIMITS.headerTextChars)),
    // One line per document; the clamp keeps the section inside Slack's text limit.
    section(lines.join('\n')),
    alert.summary !== undefined && section(`${bold(`Summary: ${escapeMrkdwn(excerpt(alert.summary.title, 150))}`)}`),
    // Cut as Markdown before converting, so no escaped entity is split; the clamp keeps the section in bounds.
    alert.summary !== undefined && section(markdownToMrkdwn(alert.summary.text.slice(0, SUMMARY_SOURCE_CHARS))),
    footer,
  ];
  const summaryText = alert.summary ? ` Summary: ${markdownExcerpt(alert.summary.text, 200)}` : '';
  const text = `${title}: ${alert.docs.map((d) => d.title).join('; ')}.${summaryText}`;
  return clampMessage({ text: escapeMrkdwn(excerpt(text, 1_000)), blocks: compact(blocks) });
}
