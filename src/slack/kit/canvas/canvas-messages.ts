/** The messages that point to a saved canvas: the one posted when it is made, and the clicker's note when it is updated. */
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { context, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn, mrkdwnLink } from '../../blocks/escape.js';
import { clampMessage } from '../../blocks/limits.js';

export interface CanvasLinkInput {
  /** The canvas's title (untrusted: a report's). */
  title: string;
  /** What was saved: "this answer", "the income statement of US:NVDA". */
  what: string;
  /** The canvas's address, when known. */
  url?: string;
}

const named = (input: CanvasLinkInput): string => (input.url ? mrkdwnLink(input.url, input.title) : `*${escapeMrkdwn(input.title)}*`);

/** Posted in the card's thread (or channel) when its canvas is made. */
export function canvasLinkMessage(input: CanvasLinkInput & { userId: string }): SlackMessage {
  const who = /^[UW][A-Z0-9]{2,20}$/.test(input.userId) ? `<@${input.userId}>` : 'Someone';
  const text = `${who} saved ${escapeMrkdwn(input.what)} as a canvas: ${named(input)}`;
  return clampMessage({
    text: escapeMrkdwn(`Saved ${input.what} as a canvas: ${input.title}`),
    blocks: [
      section(`:page_facing_up: ${text}`),
      context(
        input.url ? 'Saving the card again updates this canvas.' : 'Find it in this channel’s tabs. Saving the card again updates it.',
      ),
    ],
  });
}

/** Told to whoever saved the card again. */
export function canvasUpdatedMessage(input: CanvasLinkInput): SlackMessage {
  return clampMessage({
    text: escapeMrkdwn(`Updated the canvas ${input.title}`),
    blocks: [section(`:arrows_counterclockwise: Updated the canvas ${named(input)} with ${escapeMrkdwn(input.what)} as it is now.`)],
  });
}
