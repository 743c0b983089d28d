/**
 * The row of buttons under a data card: Chart, Download CSV / XLSX, Save as canvas and Share in channel. Every
 * button carries the card's source (the slash command and text that made it), so its handler
 * runs the same request again for the data it needs: values stay small (≤2,000 characters) and
 * never hold numbers that could go stale or be forged into a different card.
 */
import type { ActionsBlock, Button } from '@slack/types';
import { z } from 'zod';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { decodeJson, jsonOf } from './button-values.js';
import { actions, button } from '../blocks/card-parts.js';
import { SLACK_LIMITS, clampMessage } from '../blocks/limits.js';

/** The command that made a card: `/financials` with `600519 income annual`. */
export interface CardSource {
  command: string;
  text: string;
}

/** Which buttons a card offers; a card offers only what its data supports. */
export interface CardOffer {
  source: CardSource;
  chart?: boolean;
  csv?: boolean;
  xlsx?: boolean;
  /** Only on cards only their asker sees (an ephemeral answer): sharing posts it for everyone. */
  share?: boolean;
  /** Save as canvas: the card's content as a canvas in its channel (kit/canvas/save-as-canvas.ts). */
  canvas?: boolean;
}

export const CARD_ACTIONS_BLOCK_ID = 'rd_card_actions';

const cardSourceJson = jsonOf(
  z.object({ cmd: z.string().regex(/^\/[a-z]+$/), text: z.string() }).transform((v) => ({ command: v.cmd, text: v.text })),
);

/** The button value, or undefined when the source would not fit in one (then no row is offered). */
export function encodeCardSource(source: CardSource): string | undefined {
  const value = JSON.stringify({ cmd: source.command, text: source.text });
  return value.length <= SLACK_LIMITS.buttonValueChars ? value : undefined;
}

export function decodeCardSource(value: string | undefined): CardSource | null {
  return decodeJson(cardSourceJson, value);
}

export function cardActionsBlock(offer: CardOffer): ActionsBlock | undefined {
  const value = encodeCardSource(offer.source);
  if (value === undefined) return undefined;
  const buttons: Button[] = [];
  if (offer.chart) buttons.push(button({ text: 'Chart', actionId: ACTION_IDS.cardChart, value }));
  if (offer.csv) buttons.push(button({ text: 'Download CSV', actionId: ACTION_IDS.cardCsv, value }));
  if (offer.xlsx) buttons.push(button({ text: 'Download XLSX', actionId: ACTION_IDS.cardXlsx, value }));
  if (offer.canvas) buttons.push(button({ text: 'Save as canvas', actionId: ACTION_IDS.cardCanvas, value }));
  if (offer.share) buttons.push(button({ text: 'Share in channel', actionId: ACTION_IDS.cardShare, value, style: 'primary' }));
  return buttons.length > 0 ? actions(buttons, CARD_ACTIONS_BLOCK_ID) : undefined;
}

/** The card with its button row last (replacing one it already had), still inside Slack's limits. */
export function withCardActions(card: SlackMessage, offer: CardOffer): SlackMessage {
  const row = cardActionsBlock(offer);
  const blocks = card.blocks.filter((b) => b.block_id !== CARD_ACTIONS_BLOCK_ID);
  return clampMessage({ ...card, blocks: row ? [...blocks, row] : blocks });
}
