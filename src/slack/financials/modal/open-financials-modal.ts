/**
 * Opens the /financials modal (from `/financials` with no arguments, or any button that wants
 * it). The trigger id is good for 3 s, so callers open it right after their ack.
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import { decodeJson, jsonOf } from '../../kit/button-values.js';
import { renderFinancialsModal, type FinancialsModalInitial } from './financials-modal.js';
import { clampView } from '../../blocks/limits.js';

/** Where the submitted card goes: the channel the modal was opened from. */
export interface FinancialsModalOrigin {
  channelId?: string;
}

export function encodeModalOrigin(origin: FinancialsModalOrigin): string {
  return JSON.stringify(origin.channelId ? { c: origin.channelId } : {});
}

/** private_metadata `{c}`: the channel, only when it looks like a conversation id. */
const modalOriginJson = jsonOf(z.object({ c: z.string().regex(/^[CGD][A-Z0-9]{2,40}$/) }));

export function decodeModalOrigin(privateMetadata: string | undefined): FinancialsModalOrigin {
  const v = decodeJson(modalOriginJson, privateMetadata);
  return v ? { channelId: v.c } : {};
}

export async function openFinancialsModal(
  client: WebClient,
  triggerId: string,
  origin: FinancialsModalOrigin,
  initial: FinancialsModalInitial = {},
): Promise<void> {
  const view = clampView(renderFinancialsModal(initial, encodeModalOrigin(origin)));
  await client.views.open({ trigger_id: triggerId, view });
}
