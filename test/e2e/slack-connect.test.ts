/**
 * Issue 27, item 4 — Slack Connect end to end, the real app between both emulators: a user of
 * another organisation asks in a shared channel and gets an answer streamed to their own team
 * (`recipient_team_id`); `in:<folder>`, folders, watches and App Home are refused to them; and once
 * an admin turns the app off for other organisations, their mention gets the refusal and no run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalOrg } from '../../src/emulators/slack/index.js';
import { workspaceSeed } from '../../src/emulators/slack/workspace-seed.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { EXTERNAL_ACCESS_OFF } from '../../src/slack/kit/permissions/external-access.js';
import { EXTERNAL_DATA_REFUSAL } from '../../src/slack/kit/permissions/external-user.js';
import { eventIdFor, eventually, runIdForEvent, waitForRecord, waitForRunEnd } from './agent-helpers.js';
import { allText, nextEphemeral, splitCommand } from './command-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('Slack Connect: a user of another organisation in a shared channel', () => {
  let h: Harness;
  const channel = externalOrg.sharedChannelId;
  const guest = externalOrg.userId;
  const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;
  const homeText = (user: string) => JSON.stringify(h.slack.homeViews.get(user)?.view.blocks ?? []);

  beforeAll(async () => {
    // Native streams in channels too, so the stream's recipient is what the test reads.
    h = await startHarness({ agentSpeed: 20, streaming: 'native' });
  });
  afterAll(async () => h?.close());

  const guestCommand = (line: string) =>
    nextEphemeral(
      h,
      async () => {
        const result = await h.slack.sendCommand({ ...splitCommand(line), channel_id: channel, user_id: guest });
        expect(result.outcome).toBe('acked');
      },
      { channel, user: guest, timeoutMs: 15_000 },
    );

  it('answers their mention with a stream addressed to their own team', async () => {
    const { ts, deliveries } = await h.slack.postMessage({
      text: mention('How strong is NVIDIA’s balance sheet?'),
      channel_id: channel,
      user_id: guest,
    });
    expect(deliveries.length).toBeGreaterThan(0);
    const runId = runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention'));
    const record = await waitForRunEnd(h, runId);
    expect(record.status).toBe('completed');
    expect(record.teamId).toBe(workspaceSeed.teamId);
    expect(record.askerTeamId).toBe(externalOrg.teamId);
    const starts = h.slack.calls.filter((c) => c.method === 'chat.startStream' && c.args.channel === channel);
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) {
      expect(start.error).toBeUndefined();
      expect(start.args.recipient_user_id).toBe(guest);
      expect(start.args.recipient_team_id).toBe(externalOrg.teamId);
    }
    expect(h.slack.calls.filter((c) => c.method === 'chat.startStream' && c.error !== undefined)).toEqual([]);
  });

  it('runs their `/research ask` with the stream addressed to their team too', async () => {
    const delivery = await h.slack.sendCommand({
      command: '/research',
      // [slow]: its first tool call pauses, so the run streams before it answers (a fast one may not).
      text: 'ask [slow] What drives Tesla’s margins?',
      channel_id: channel,
      user_id: guest,
    });
    expect(delivery.ok).toBe(true);
    const root = await h.slack.waitFor(
      () =>
        h.slack.channelMessages(channel).find((m) => m.user === h.slack.botUserId && m.text.includes('asked') && m.text.includes('Tesla')),
      10_000,
    );
    const run = await eventually(async () =>
      (await h.desk.stores.recentRuns.list(workspaceSeed.teamId, guest)).find((r) => r.threadTs === root.ts),
    );
    const record = await waitForRunEnd(h, run.runId);
    expect(record.status).toBe('completed');
    expect(record.askerTeamId).toBe(externalOrg.teamId);
    const starts = h.slack.calls.filter((c) => c.method === 'chat.startStream' && c.args.thread_ts === root.ts);
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) {
      expect(start.error).toBeUndefined();
      expect(start.args.recipient_team_id).toBe(externalOrg.teamId);
    }
  });

  it('runs their "Ask the agent" message shortcut with the stream addressed to their team', async () => {
    const { ts } = await h.slack.postMessage({ text: 'What is CATL’s outlook?', channel_id: channel, user_id: guest });
    const delivery = await h.slack.messageShortcut({
      callback_id: 'ask_agent_message',
      channel_id: channel,
      message_ts: ts,
      user_id: guest,
    });
    expect(delivery.ok).toBe(true);
    const run = await eventually(async () =>
      (await h.desk.stores.recentRuns.list(workspaceSeed.teamId, guest)).find((r) => r.threadTs === ts),
    );
    const record = await waitForRunEnd(h, run.runId);
    expect(record.status).toBe('completed');
    expect(record.askerTeamId).toBe(externalOrg.teamId);
  });

  it('answers their "Research this message" shortcut privately, addressed to their team', async () => {
    const { ts } = await h.slack.postMessage({ text: 'What did $NVDA say about data center demand?', channel_id: channel, user_id: guest });
    const card = await nextEphemeral(
      h,
      async () => {
        const delivery = await h.slack.messageShortcut({
          callback_id: 'research_message',
          channel_id: channel,
          message_ts: ts,
          user_id: guest,
        });
        expect(delivery.ok).toBe(true);
      },
      { channel, user: guest },
    );
    expect(allText(card)).toContain('NVDA');
  });

  it('keeps their team for a question queued behind a busy thread', async () => {
    h.service.pauseAgentRuns();
    const { ts: root } = await h.slack.postMessage({
      text: mention('How did Apple’s revenue mix change?'),
      channel_id: channel,
      user_id: guest,
    });
    const firstId = runIdForEvent(h, channel, eventIdFor(h, root, 'app_mention'));
    await waitForRecord(h, firstId, (r) => r.status === 'running' && r.assistantMessageId !== '');
    let secondTs = '';
    const note = await nextEphemeral(
      h,
      async () => {
        secondTs = (await h.slack.postMessage({ text: 'And services margins?', channel_id: channel, user_id: guest, thread_ts: root })).ts;
      },
      { channel, user: guest },
    );
    expect(note.text).toContain('right after the question I’m working on');
    h.service.resumeAgentRuns();
    const second = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, secondTs, 'message')), 30_000);
    expect(second.status).toBe('completed');
    expect(second.askerTeamId).toBe(externalOrg.teamId);
    // Every stream of the thread went to the guest's own team (a short answer may be posted without one).
    const starts = h.slack.calls.filter((c) => c.method === 'chat.startStream' && c.args.thread_ts === root);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.map((c) => c.args.recipient_team_id)).toEqual(starts.map(() => externalOrg.teamId));
  });

  it('refuses them `in:<folder>` and the folder and watch commands, saying why', async () => {
    const admin = workspaceSeed.adminUserId;
    const created = await nextEphemeral(
      h,
      async () => {
        await h.slack.sendCommand({ command: '/research', text: 'folder create "Private picks"', user_id: admin });
      },
      { user: admin, timeoutMs: 15_000 },
    );
    const folderId = /in:(fld_\w+)/.exec(allText(created))?.[1];
    expect(folderId).toBeDefined();
    // Public research is theirs to use.
    const open = await guestCommand('/research NVDA data center');
    expect(allText(open)).not.toContain('other organisations');
    expect(allText(open)).toContain('NVDA');
    const search = await guestCommand(`/research in:${folderId} margins`);
    expect(allText(search)).toContain('belong to the workspace that installed Research Desk');
    const folder = await guestCommand('/research folder create Mine');
    expect(allText(folder)).toContain('people from other organisations cannot use them');
    const watch = await guestCommand('/research watch $NVDA');
    expect(allText(watch)).toContain('people from other organisations cannot use them');
    const replay = await guestCommand('/research replay 12345');
    expect(allText(replay)).toContain('people from other organisations cannot use them');
  });

  it('shows them no workspace data on App Home', async () => {
    await h.slack.openHome(guest);
    await h.slack.waitFor(() => (homeText(guest).includes('other organisations') ? true : undefined), 10_000);
    expect(homeText(guest)).toContain(EXTERNAL_DATA_REFUSAL.slice(0, 40));
    expect(homeText(guest)).not.toContain('Digest subscriptions');
    expect(homeText(guest)).not.toContain('Your recent agent runs');
  });

  it('after an admin turns the app off for other organisations, their mention gets the refusal and no run', async () => {
    const admin = workspaceSeed.adminUserId;
    await h.slack.openHome(admin);
    const home = await h.slack.waitFor(
      () => (homeText(admin).includes(ACTION_IDS.homeExternalAccess) ? h.slack.homeViews.get(admin) : undefined),
      10_000,
    );
    // A member sees the setting, not the switch.
    await h.slack.openHome(h.slack.defaultUserId);
    await h.slack.waitFor(() => (homeText(h.slack.defaultUserId).includes('Slack Connect') ? true : undefined), 10_000);
    expect(homeText(h.slack.defaultUserId)).not.toContain(ACTION_IDS.homeExternalAccess);

    await h.slack.clickViewAction({ view_id: home.id, action_id: ACTION_IDS.homeExternalAccess, value: 'block', user_id: admin });
    await h.slack.waitFor(() => (homeText(admin).includes('Turn on for other organisations') ? true : undefined), 10_000);
    expect((await h.desk.stores.externalAccess.get(workspaceSeed.teamId)).allowed).toBe(false);

    let refusedTs = '';
    const refusal = await nextEphemeral(
      h,
      async () => {
        refusedTs = (await h.slack.postMessage({ text: mention('What moved the SPX?'), channel_id: channel, user_id: guest })).ts;
      },
      { channel, user: guest, timeoutMs: 10_000 },
    );
    expect(allText(refusal)).toContain(EXTERNAL_ACCESS_OFF.slice(0, 40));
    // The refusal is sent instead of starting the run: none exists once it is there.
    expect(await h.desk.stores.runs.get(runIdForEvent(h, channel, eventIdFor(h, refusedTs, 'app_mention')))).toBeNull();
    const ephemeralCall = h.slack.calls.find((c) => c.method === 'chat.postEphemeral' && c.args.user === guest && c.error === undefined);
    expect(ephemeralCall?.args.recipient_team_id).toBe(externalOrg.teamId);
    // Every command of theirs is refused too, before any slice sees it.
    const command = await guestCommand('/research NVDA data center');
    expect(allText(command)).toContain(EXTERNAL_ACCESS_OFF.slice(0, 40));
    // The admin's own mention is still answered.
    const { ts } = await h.slack.postMessage({ text: mention('And the Nasdaq?'), channel_id: channel, user_id: admin });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')));
    expect(record.status).toBe('completed');
    expect(record.askerTeamId).toBeUndefined();
  });
});
