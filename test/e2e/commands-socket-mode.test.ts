/** The commands over Socket Mode: help, a search, a page turn and the modal's field errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS, FINANCIALS_MODAL } from '../../src/slack/blocks/action-ids.js';
import { startHarness, type Harness } from './harness.js';
import {
  allText,
  button,
  clickEphemeral,
  command,
  rejectedResponses,
  rejectedSlackCalls,
  send,
  waitForEphemeral,
} from './command-helpers.js';

describe('commands over Socket Mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'socket' });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  it('answers /research help', async () => {
    expect(allText(await command(h, '/research help'))).toContain('/research — search research documents');
    expect(h.slack.deliveries.length).toBeGreaterThan(0);
    expect(h.slack.deliveries.every((d) => d.transport === 'socket')).toBe(true);
  });

  it('searches and turns the page', async () => {
    const card = await command(h, '/research Tencent wechat');
    expect(allText(card)).toContain('Research for “Tencent wechat”');
    await clickEphemeral(h, card, button(card, ACTION_IDS.searchNext));
    expect(allText(await waitForEphemeral(h, card.ts, (e) => e.edits === 1))).toContain('6–10 of');
  });

  it('keeps the modal open with field errors for invalid input', async () => {
    await send(h, '/financials');
    const modal = await h.slack.waitFor(() => h.slack.openModals().find((v) => v.view.callback_id === FINANCIALS_MODAL.callbackId));
    const result = await h.slack.submitView({
      view_id: modal.id,
      values: {
        [FINANCIALS_MODAL.blocks.symbol]: { [FINANCIALS_MODAL.actions.symbol]: '000001' },
        [FINANCIALS_MODAL.blocks.statement]: { [FINANCIALS_MODAL.actions.statement]: 'balance' },
      },
    });
    expect(result.viewAction).toBe('errors');
    expect(h.slack.views.get(modal.id)?.errors?.[FINANCIALS_MODAL.blocks.symbol]).toContain('ambiguous');
  });
});
