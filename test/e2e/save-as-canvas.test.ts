/**
 * Save as canvas end to end, the real app between both emulators on Redis: an agent answer saved
 * twice is one canvas whose content is the report with its tables (updated by canvases.edit, never a
 * second canvases.create), also after the app restarts; statement and comparison cards are saved as
 * their tables; a canvas deleted in Slack is made again; and Slack's refusals are explained.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_SCOPES } from '../../src/emulators/slack/config.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { startResearchDesk, type ResearchDesk } from '../../src/research-desk.js';
import { botReplies, eventIdFor, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { allText, button, buttonsOf, clickEphemeral, command, rejectedSlackCalls } from './command-helpers.js';
import { createRedisStateStore } from '../../src/store/redis-state-store.js';
import type { StateStore } from '../../src/store/state-store.js';
import { redisTestUrl, startHarness, type Harness } from './harness.js';

const canvasCalls = (h: Harness, method: string) => h.slack.calls.filter((c) => c.method === method);

describe('Save as canvas', () => {
  let h: Harness;
  let channel: string;
  let restarted: { desk: ResearchDesk; store: StateStore } | undefined;
  beforeAll(async () => {
    h = await startHarness({ store: 'redis', deliveryMode: 'http', agentSpeed: 50 });
    channel = h.slack.defaultChannelId;
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h, ['canvas_not_found', 'canvas_disabled_user_team', 'restricted_action', 'ratelimited'])).toEqual([]);
    await restarted?.desk.stop();
    await restarted?.store.close();
    await h?.close();
  });

  /** Asks the agent and returns the answer's last message (the one with Save as canvas). */
  async function answered(question: string) {
    const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> ${question}` });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')));
    expect(record.status).toBe('completed');
    const last = botReplies(h, channel, ts).at(-1);
    if (!last) throw new Error('no answer');
    return { threadTs: ts, last, record };
  }

  /** Waits for the message linking the canvas in the answer's thread: the save is over. */
  const linked = (threadTs: string, canvasId: string) =>
    h.slack.waitFor(() => botReplies(h, channel, threadTs).find((m) => allText(m).includes(`/docs/${h.slack.teamId}/${canvasId}`)));

  const clickSave = async (message: { ts: string }, value: string | undefined, user = h.slack.defaultUserId) => {
    const delivery = await h.slack.clickAction({
      channel_id: channel,
      message_ts: message.ts,
      action_id: ACTION_IDS.answerCanvas,
      ...(value !== undefined ? { value } : {}),
      user_id: user,
    });
    expect(delivery.ok).toBe(true);
  };

  it('saves an agent answer twice as one canvas holding the report and its tables, and links it in the thread', async () => {
    const { threadTs, last, record } = await answered('How strong is NVIDIA’s balance sheet?');
    const save = button(last, ACTION_IDS.answerCanvas);
    expect(save.text).toBe('Save as canvas');
    const repliesBefore = botReplies(h, channel, threadTs).length;
    await clickSave(last, save.value);
    const [canvas] = await h.slack.waitFor(() => {
      const list = h.slack.canvases.list(channel);
      return list.length > 0 && list;
    });
    expect(canvas?.channelId).toBe(channel);
    expect(canvas?.isChannelCanvas).toBe(false);
    // The report's Markdown with its tables as canvas tables, its sources as links.
    expect(canvas?.markdown).toMatch(/^\|.*\|\n\| (:?-{3,}:? \| )+/m);
    expect(canvas?.markdown).toContain('## Sources');
    expect(canvas?.markdown).not.toMatch(/<@U|<!(here|channel|everyone)>|!\[\]\(@/);
    // The link message, in the answer's thread.
    const link = await h.slack.waitFor(() => botReplies(h, channel, threadTs)[repliesBefore]);
    expect(allText(link)).toContain('as a canvas');
    expect(allText(link)).toContain(`/docs/${h.slack.teamId}/${canvas?.id}`);

    // Saved again by someone else: the same canvas, edited, no second canvas and no second link message.
    const other = h.slack.adminUserId;
    await clickSave(last, save.value, other);
    await h.slack.waitFor(() => canvasCalls(h, 'canvases.edit').length === 1);
    expect(h.slack.canvases.list(channel)).toHaveLength(1);
    expect(canvasCalls(h, 'canvases.create')).toHaveLength(1);
    expect(h.slack.canvases.get(canvas!.id)?.edits).toBe(1);
    expect(h.slack.canvases.get(canvas!.id)?.markdown).toContain('## Sources');
    await h.slack.waitFor(() => h.slack.ephemeralFor(other, channel).some((e) => allText(e).includes('Updated the canvas')));
    expect(botReplies(h, channel, threadTs)).toHaveLength(repliesBefore + 1);
    expect(record.conversationId).not.toBe('');
  });

  it('saves a statement card and a comparison card as their tables; the same request is one canvas', async () => {
    const before = h.slack.canvases.list(channel).length;
    const statement = await command(h, '/financials US:NVDA income annual limit:3');
    expect(buttonsOf(statement).map((b) => b.action_id)).toContain(ACTION_IDS.cardCanvas);
    await clickEphemeral(h, statement, button(statement, ACTION_IDS.cardCanvas));
    const saved = await h.slack.waitFor(() => h.slack.canvases.list(channel)[before]);
    expect(saved.title).toContain('NVIDIA');
    expect(saved.markdown).toMatch(/\| Revenue \|/);
    expect(saved.markdown).toContain('/financials US:NVDA income annual limit:3');

    const compare = await command(h, '/financials compare US:NVDA US:AAPL');
    await clickEphemeral(h, compare, button(compare, ACTION_IDS.cardCanvas));
    const compared = await h.slack.waitFor(() => h.slack.canvases.list(channel)[before + 1]);
    expect(compared.markdown).toMatch(/^\| .*NVDA.*\|/m);

    // The same statement asked again and saved: the first canvas is updated.
    const again = await command(h, '/financials US:NVDA income annual limit:3');
    const edits = canvasCalls(h, 'canvases.edit').length;
    await clickEphemeral(h, again, button(again, ACTION_IDS.cardCanvas));
    await h.slack.waitFor(() => canvasCalls(h, 'canvases.edit').length === edits + 1);
    expect(h.slack.canvases.list(channel)).toHaveLength(before + 2);
    // Cards without a table to save offer no button.
    const price = await command(h, '/financials US:NVDA');
    expect(buttonsOf(price).map((b) => b.action_id)).not.toContain(ACTION_IDS.cardCanvas);
  });

  it('makes a new canvas when the saved one was deleted in Slack, and remembers it', async () => {
    const { last, threadTs } = await answered('What drives Moutai’s margins?');
    const save = button(last, ACTION_IDS.answerCanvas);
    const before = new Set(h.slack.canvases.list(channel).map((c) => c.id));
    await clickSave(last, save.value);
    const first = await h.slack.waitFor(() => h.slack.canvases.list(channel).find((c) => !before.has(c.id)));
    await linked(threadTs, first.id);
    expect(h.slack.canvases.delete(first.id)).toBe(true);
    await clickSave(last, save.value);
    const second = await h.slack.waitFor(() => h.slack.canvases.list(channel).find((c) => !before.has(c.id)));
    expect(second.id).not.toBe(first.id);
    await linked(threadTs, second.id);
    const edits = canvasCalls(h, 'canvases.edit').length;
    const told = h.slack.ephemeralFor(h.slack.defaultUserId, channel).length;
    await clickSave(last, save.value);
    await h.slack.waitFor(() => canvasCalls(h, 'canvases.edit').length === edits + 1);
    await h.slack.waitFor(() => allText(h.slack.ephemeralFor(h.slack.defaultUserId, channel)[told] ?? {}).includes('Updated the canvas'));
    expect(h.slack.canvases.get(second.id)?.edits).toBe(1);
  });

  it('tells the clicker what happened and what to do when Slack refuses', async () => {
    // Canvases turned off for the workspace.
    h.slack.canvases.setEnabled(h.slack.teamId, false);
    const card = await command(h, '/financials US:AAPL balance');
    await clickEphemeral(h, card, button(card, ACTION_IDS.cardCanvas));
    const off = await h.slack.waitFor(() =>
      h.slack.ephemeralFor(h.slack.defaultUserId, channel).find((e) => allText(e).includes('Canvases are turned off')),
    );
    expect(allText(off)).toContain('workspace admin');
    h.slack.canvases.setEnabled(h.slack.teamId, true);

    // A channel the app is not in.
    const outside = h.slack.addChannel({ name: 'canvas-outside', bot_is_member: false });
    const there = await command(h, '/financials US:AAPL balance', outside.id);
    await clickEphemeral(h, there, button(there, ACTION_IDS.cardCanvas));
    const refused = await h.slack.waitFor(() =>
      h.slack.ephemeralFor(h.slack.defaultUserId, outside.id).find((e) => allText(e).includes('cannot add a canvas')),
    );
    expect(allText(refused)).toContain('/invite @Research Desk');
  });

  it('after a restart, saving an answer again updates the canvas it was saved as', async () => {
    const { last, threadTs } = await answered('Summarise Tencent’s cash flow');
    const save = button(last, ACTION_IDS.answerCanvas);
    const before = new Set(h.slack.canvases.list(channel).map((c) => c.id));
    await clickSave(last, save.value);
    const saved = await h.slack.waitFor(() => h.slack.canvases.list(channel).find((c) => !before.has(c.id)));
    await linked(threadTs, saved.id);
    await h.desk.stop();
    const store = createRedisStateStore({ url: redisTestUrl(), keyPrefix: h.keyPrefix!, logger: h.logger });
    restarted = { desk: await startResearchDesk({ ...h.deskOptions, store, port: 0 }), store };
    h.slack.setRequestUrl(`http://127.0.0.1:${restarted.desk.port}/slack/events`);
    const edits = canvasCalls(h, 'canvases.edit').length;
    await clickSave(last, save.value);
    await h.slack.waitFor(() => canvasCalls(h, 'canvases.edit').length === edits + 1, 15_000);
    expect(h.slack.canvases.list(channel).filter((c) => !before.has(c.id))).toEqual([expect.objectContaining({ id: saved.id, edits: 1 })]);
  });
});

describe('Save as canvas without the canvas scope', () => {
  let h: Harness;
  beforeAll(async () => {
    // An app installed before canvases:write was added to its scopes.
    h = await startHarness({ deliveryMode: 'http', slack: { botScopes: DEFAULT_BOT_SCOPES.filter((s) => s !== 'canvases:write') } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('tells the clicker to have the app reinstalled, and makes no canvas', async () => {
    const card = await command(h, '/financials US:NVDA balance');
    await clickEphemeral(h, card, button(card, ACTION_IDS.cardCanvas));
    const note = await h.slack.waitFor(() =>
      h.slack.ephemeralFor(h.slack.defaultUserId, h.slack.defaultChannelId).find((e) => allText(e).includes('canvases:write')),
    );
    expect(allText(note)).toMatch(/reinstall Research Desk/);
    expect(h.slack.canvases.list()).toEqual([]);
  });
});
