/**
 * 👍/👎 on agent answers end to end, the real app between both emulators on Redis: the final
 * answer carries Slack's feedback buttons; a click is thanked privately, shown as pressed and
 * recorded once per user and answer; a 👎 offers a "what was wrong" modal whose bad input gets a
 * field error; the metrics port's JSON view (votes as this process recorded them) and App Home
 * count the votes; an app restarted on the same store still takes feedback on an answer posted before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResearchDesk, type ResearchDesk } from '../../src/research-desk.js';
import { FEEDBACK_ACTION_ID } from '../../src/slack/agent/feedback/feedback-buttons.js';
import { FEEDBACK_MODAL } from '../../src/slack/agent/feedback/feedback-messages.js';
import { createRedisStateStore } from '../../src/store/redis-state-store.js';
import type { StateStore } from '../../src/store/state-store.js';
import { botReplies, eventIdFor, eventually, failedCalls, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { redisTestUrl, startHarness, type Harness } from './harness.js';
import { metricsJson } from '../observability/metrics/scrape-metrics.js';

describe('feedback on agent answers', () => {
  let h: Harness;
  let channel: string;
  let restarted: { desk: ResearchDesk; store: StateStore } | undefined;
  const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;

  beforeAll(async () => {
    h = await startHarness({ store: 'redis', agentSpeed: 12, deskOverrides: { metricsPort: 0 } });
    channel = h.slack.defaultChannelId;
  });
  afterAll(async () => {
    await restarted?.desk.stop();
    await restarted?.store.close();
    await h?.close();
  });

  /** Asks a question and returns the message that ends the answer (the one with the feedback buttons). */
  async function answered(question: string): Promise<{ runId: string; answerTs: string; conversationId: string }> {
    const { ts } = await h.slack.postMessage({ text: mention(question) });
    const runId = runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention'));
    const record = await waitForRunEnd(h, runId);
    expect(record.status).toBe('completed');
    const last = botReplies(h, channel, ts).at(-1);
    const block = (last?.blocks ?? []).at(-1) as { type?: string; elements?: Array<{ type: string }> } | undefined;
    expect(block?.type).toBe('context_actions');
    expect(block?.elements?.map((e) => e.type)).toEqual(['feedback_buttons']);
    return { runId, answerTs: last!.ts, conversationId: record.conversationId };
  }

  const ephemeralsOf = (user: string) => h.slack.ephemeralFor(user, channel);

  /** Clicks 👍 or 👎 and waits for the clicker's new ephemeral answer. */
  async function vote(answerTs: string, value: 'positive' | 'negative', user = h.slack.defaultUserId) {
    const before = ephemeralsOf(user).length;
    const delivery = await h.slack.clickAction({
      channel_id: channel,
      message_ts: answerTs,
      action_id: FEEDBACK_ACTION_ID,
      value,
      user_id: user,
    });
    expect(delivery.ok).toBe(true);
    return h.slack.waitFor(() => ephemeralsOf(user)[before], 8_000);
  }

  const totals = async () =>
    (await metricsJson<{ feedback: { positive: number; negative: number } }>((restarted?.desk ?? h.desk).metricsPort)).feedback;
  const answerRef = (answerTs: string) => ({ teamId: h.slack.teamId, channelId: channel, messageTs: answerTs });

  it('thanks a 👍, shows it pressed and counts it once; switching to 👎 changes the vote and offers the modal', async () => {
    const user = h.slack.defaultUserId;
    const { runId, answerTs, conversationId } = await answered('How strong is NVIDIA’s balance sheet?');

    const thanks = await vote(answerTs, 'positive');
    expect(thanks.text).toMatch(/Thanks/);
    expect(h.slack.feedbackSelection({ channel_id: channel, message_ts: answerTs, user_id: user })).toBe('positive');
    expect(await h.desk.stores.feedback.get(answerRef(answerTs), user)).toMatchObject({
      vote: 'positive',
      runId,
      conversationId,
      messageTs: answerTs,
    });
    expect(await totals()).toEqual({ positive: 1, negative: 0 });

    const again = await vote(answerTs, 'positive');
    expect(again.text).toMatch(/already/i);
    expect(await totals()).toEqual({ positive: 1, negative: 0 });

    const sorry = await vote(answerTs, 'negative');
    expect(h.slack.feedbackSelection({ channel_id: channel, message_ts: answerTs, user_id: user })).toBe('negative');
    expect(await totals()).toEqual({ positive: 0, negative: 1 });
    const offer = (sorry.blocks ?? [])
      .flatMap((b) => (b as { elements?: Array<{ action_id?: string }> }).elements ?? [])
      .find((e) => e.action_id === FEEDBACK_MODAL.openActionId) as { action_id: string; value: string } | undefined;
    expect(offer).toBeDefined();

    // The optional modal: an empty or too long answer stays in the modal with a field error.
    await h.slack.clickAction({
      channel_id: channel,
      message_ts: sorry.ts,
      action_id: offer!.action_id,
      value: offer!.value,
      user_id: user,
      ephemeral: true,
    });
    const modal = await h.slack.waitFor(
      () => h.slack.openModals(user).find((v) => v.view.callback_id === FEEDBACK_MODAL.callbackId),
      8_000,
    );
    const submit = (text: string) =>
      h.slack.submitView({
        view_id: modal.id,
        values: { [FEEDBACK_MODAL.blockId]: { [FEEDBACK_MODAL.inputActionId]: text } },
        user_id: user,
      });
    const empty = await submit('   ');
    expect(empty.viewAction).toBe('errors');
    expect(h.slack.views.get(modal.id)?.errors?.[FEEDBACK_MODAL.blockId]).toMatch(/what was wrong/i);
    const tooLong = await submit('x'.repeat(FEEDBACK_MODAL.maxChars + 1));
    expect(tooLong.viewAction).toBe('errors');
    expect(h.slack.views.get(modal.id)?.errors?.[FEEDBACK_MODAL.blockId]).toMatch(/characters/);
    const sent = await submit('The cash figure is from 2023, not 2024. <!channel>');
    expect(sent.viewAction).toBe('close');
    const stored = await eventually(async () => {
      const r = await h.desk.stores.feedback.get(answerRef(answerTs), user);
      return r?.comment ? r : undefined;
    });
    expect(stored).toMatchObject({ vote: 'negative', comment: 'The cash figure is from 2023, not 2024. <!channel>' });
    expect(failedCalls(h)).toEqual([]);
  });

  it('counts two users’ votes separately, on the metrics port and on App Home', async () => {
    const before = await totals();
    const { answerTs } = await answered('How did Moutai do this year?');
    await vote(answerTs, 'positive', h.slack.defaultUserId);
    await vote(answerTs, 'positive', h.slack.adminUserId);
    expect(h.slack.feedbackSelection({ channel_id: channel, message_ts: answerTs, user_id: h.slack.adminUserId })).toBe('positive');
    expect(await totals()).toEqual({ positive: before.positive + 2, negative: before.negative });

    const seen = h.slack.homeViews.get(h.slack.defaultUserId)?.updates;
    expect((await h.slack.openHome(h.slack.defaultUserId)).ok).toBe(true);
    const home = await h.slack.waitFor(() => {
      const v = h.slack.homeViews.get(h.slack.defaultUserId);
      return v && (seen === undefined || v.updates > seen) ? v : undefined;
    }, 8_000);
    const text = JSON.stringify(home.view.blocks);
    expect(text).toContain(`👍 ${before.positive + 2}`);
    expect(text).toContain(`👎 ${before.negative}`);
  });

  it('a natively streamed answer in a DM ends with the feedback buttons too, and a click there is thanked', async () => {
    const dm = h.slack.defaultDmId;
    const user = h.slack.defaultUserId;
    const { ts } = await h.slack.postMessage({ text: '[slow] What is Apple’s cash position?', channel_id: dm });
    const record = await waitForRunEnd(h, runIdForEvent(h, dm, eventIdFor(h, ts, 'message')));
    expect(record).toMatchObject({ status: 'completed', delivery: 'native' });
    const last = botReplies(h, dm, ts).at(-1)!;
    expect((last.blocks ?? []).at(-1)).toMatchObject({
      type: 'context_actions',
      elements: [{ type: 'feedback_buttons', action_id: FEEDBACK_ACTION_ID }],
    });
    const before = h.slack.ephemeralFor(user, dm).length;
    await h.slack.clickAction({ channel_id: dm, message_ts: last.ts, action_id: FEEDBACK_ACTION_ID, value: 'positive', user_id: user });
    const thanks = await h.slack.waitFor(() => h.slack.ephemeralFor(user, dm)[before], 8_000);
    expect(thanks.text).toMatch(/Thanks/);
    expect((await h.desk.stores.feedback.get({ teamId: h.slack.teamId, channelId: dm, messageTs: last.ts }, user))?.runId).toBe(
      record.runId,
    );
  });

  it('takes feedback on an answer from before an app restart (the store keeps the votes)', async () => {
    const { answerTs } = await answered('What moved BYD’s margins?');
    await vote(answerTs, 'positive', h.slack.adminUserId);
    const before = await totals();

    await h.desk.stop();
    const store = createRedisStateStore({ url: redisTestUrl(), keyPrefix: h.keyPrefix!, logger: h.logger });
    restarted = { desk: await startResearchDesk({ ...h.deskOptions, store, port: 0 }), store };
    h.slack.setRequestUrl(`http://127.0.0.1:${restarted.desk.port}/slack/events`);

    // The metrics count what a process records: the new one starts from nothing, and counts the changed vote once on each side.
    expect(before.positive).toBeGreaterThan(0);
    expect(await totals()).toEqual({ positive: 0, negative: 0 });
    const changed = await vote(answerTs, 'negative', h.slack.adminUserId);
    expect(changed.text).toMatch(/Thanks/);
    expect(await totals()).toEqual({ positive: -1, negative: 1 });
    expect((await restarted.desk.stores.feedback.get(answerRef(answerTs), h.slack.adminUserId))?.vote).toBe('negative');
  });
});
