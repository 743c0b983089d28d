/**
 * Opens the /financials modal (from `/financials` with no arguments, or any button that wants
 * it). The trigger id is good for 3 s, so callers open it right after their ack.
 */
import type { WebClient } from '@slack/web-api';
import { renderFinancialsModal, type FinancialsModalInitial } from '../../blocks/financials-modal.js';
import { clampView } from '../../blocks/limits.js';

/** Where the submitted card goes: the channel the modal was opened from. */
export interface FinancialsModalOrigin {
  channelId?: string;
}

export function encodeModalOrigin(origin: FinancialsModalOrigin): string {
  return JSON.stringify(origin.channelId ? { c: origin.channelId } : {});
}

export function decodeModalOrigin(privateMetadata: string | undefined): FinancialsModalOrigin {
  try {
    const v: unknown = JSON.parse(privateMetadata ?? '');
    const c = (v as { c?: unknown } | null)?.c;
    return typeof c === 'string' && /^[CGD][A-Z0-9]{2,40}$/.test(c) ? { channelId: c } : {};
  } catch {
    return {};
  }
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
