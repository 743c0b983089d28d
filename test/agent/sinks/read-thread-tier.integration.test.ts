/**
 * The relay's thread reads in the non-Marketplace tier, end to end through the app's own pieces:
 * the composition's clients (pages clamped to the tier), the relay's writer, the shared budget
 * built for the tier and the update scheduler, against the Slack emulator holding an OAuth install
 * to once a minute. The clock is the test's; counts and statuses come from the emulator's records.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRelayMetrics } from '../../../src/agent/sinks/relay-metrics.js';
import { readThread } from '../../../src/agent/sinks/post-or-adopt.js';
import { createUpdateScheduler } from '../../../src/agent/sinks/update-scheduler.js';
import { buildSlackClients } from '../../../src/composition/build-slack-clients.js';
import { harborWorkspace, startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createRateBudget } from '../../../src/slack-api/rate-budget.js';
import { createWriterFromClient } from '../../../src/slack/agent/relay/web-client-writer.js';
import { createMemoryStateStore } from '../../../src/store/memory-state-store.js';
import { install } from '../../emulators/slack/oauth-helpers.js';
import { eventually } from '../support/eventually.js';
import { createManualTimers } from '../support/manual-timers.js';

const CHANNEL = harborWorkspace.researchChannelId;
const TEAM = harborWorkspace.teamId;

describe('thread reads in the non-Marketplace tier', () => {
  let emu: SlackEmulator | undefined;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });

  it('asks for at most 15 messages a page and spaces reads so the emulator never answers 429', async () => {
    const timers = createManualTimers(1_700_000_000_000);
    const clock = timers.now;
    emu = await startSlackEmulator({ clock, oauth: { clientSecret: 'tier-client-secret' } });
    const token = (await install(emu, { teamId: TEAM })).access_token;
    const logger = createLogger({ level: 'error', redact: createRedactor([]), write: () => undefined });
    const { clientFor } = buildSlackClients({ apiUrl: emu.apiUrl, logger, distribution: 'non-marketplace' });
    const client = clientFor(token);

    const parent = await client.chat.postMessage({ channel: CHANNEL, text: 'question' });
    const threadTs = String(parent.ts);
    for (let i = 0; i < 10; i += 1) {
      await timers.advance(1000);
      await client.chat.postMessage({ channel: CHANNEL, thread_ts: threadTs, text: `part ${i}` });
    }

    const budget = createRateBudget({ store: createMemoryStateStore({ clock }), clock, distribution: 'non-marketplace' });
    const scheduler = createUpdateScheduler({ budget, metrics: createRelayMetrics(), logger, clock, timers });
    const deps = { slack: createWriterFromClient(client), scheduler, clock };
    const replies = () => (emu?.calls ?? []).filter((c) => c.method === 'conversations.replies');

    // Four runs of the workspace read their thread back at once, as after a restart.
    const reads = ['r1', 'r2', 'r3', 'r4'].map((runId) => readThread({ runId, teamId: TEAM, channelId: CHANNEL, threadTs }, deps));
    await eventually(
      async () => replies().length,
      (n) => n === 1,
    );
    for (let n = 2; n <= 4; n += 1) {
      // Just short of the spacing nothing is sent; at it, the next read goes.
      await timers.advance(62_499);
      expect(replies()).toHaveLength(n - 1);
      await timers.advance(1);
      await eventually(
        async () => replies().length,
        (count) => count === n,
      );
    }
    const threads = await Promise.all(reads);
    scheduler.close();

    expect(threads.map((t) => t.length)).toEqual([11, 11, 11, 11]);
    const calls = replies();
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    expect(calls.every((c) => Number(c.args.limit) <= 15)).toBe(true);
    expect(emu.calls.filter((c) => c.status === 429)).toHaveLength(0);
    const gaps = calls.slice(1).map((c, i) => c.at - (calls[i]?.at ?? 0));
    expect(gaps.every((gap) => gap >= 60_000)).toBe(true);
  });

  it('reads a long thread from the run’s reply in one page, and pages a whole one a budget slot at a time', async () => {
    const timers = createManualTimers(1_700_000_000_000);
    const clock = timers.now;
    emu = await startSlackEmulator({ clock, oauth: { clientSecret: 'tier-client-secret' } });
    const token = (await install(emu, { teamId: TEAM })).access_token;
    const logger = createLogger({ level: 'error', redact: createRedactor([]), write: () => undefined });
    const { clientFor } = buildSlackClients({ apiUrl: emu.apiUrl, logger, distribution: 'non-marketplace' });
    const client = clientFor(token);

    // A busy thread: 29 messages of people before the run's reply, 10 after it.
    const parent = await client.chat.postMessage({ channel: CHANNEL, text: 'question' });
    const threadTs = String(parent.ts);
    const post = async (text: string): Promise<string> => {
      await timers.advance(1000);
      return String((await client.chat.postMessage({ channel: CHANNEL, thread_ts: threadTs, text })).ts);
    };
    for (let i = 0; i < 29; i += 1) await post(`chatter ${i}`);
    const replyTs = await post('the run’s reply');
    for (let i = 0; i < 10; i += 1) await post(`part ${i}`);

    const budget = createRateBudget({ store: createMemoryStateStore({ clock }), clock, distribution: 'non-marketplace' });
    const scheduler = createUpdateScheduler({ budget, metrics: createRelayMetrics(), logger, clock, timers });
    const deps = { slack: createWriterFromClient(client), scheduler, clock };
    const replies = () => (emu?.calls ?? []).filter((c) => c.method === 'conversations.replies');
    const target = { runId: 'r1', teamId: TEAM, channelId: CHANNEL, threadTs };

    // From the reply on: 11 messages, one page, one call.
    const own = await readThread({ ...target, oldestTs: replyTs }, deps);
    expect(own.map((m) => m.ts)[0]).toBe(replyTs);
    expect(own).toHaveLength(11);
    expect(replies()).toHaveLength(1);

    // The whole thread (41 messages): three pages of 15, each waiting for its own slot.
    const whole = readThread(target, deps);
    for (let page = 2; page <= 4; page += 1) {
      // The page waits on a timer for its slot (a positive signal that it is queued).
      await eventually(
        async () => timers.pending(),
        (n) => n > 0,
      );
      expect(replies()).toHaveLength(page - 1);
      // The test's clock moves 5 s at each poll until the page's slot comes (gaps checked below).
      await eventually(
        async () => {
          await timers.advance(5_000);
          return replies().length;
        },
        (n) => n === page,
      );
      expect(replies()).toHaveLength(page);
    }
    expect(await whole).toHaveLength(41);
    scheduler.close();
    const calls = replies();
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    expect(emu.calls.filter((c) => c.status === 429)).toHaveLength(0);
    const gaps = calls.slice(1).map((c, i) => c.at - (calls[i]?.at ?? 0));
    expect(gaps.every((gap) => gap >= 60_000)).toBe(true);
  });
});
