/**
 * Post-or-adopt (post-or-adopt.ts) against the Slack emulator over real HTTP: a run's message is
 * posted once, however its post fails. The client is the app's own (createWebClient) over a
 * transport that passes every call to the emulator, except the faults a test queues for
 * chat.postMessage: an answer lost after the post landed (unknown outcome), a connection reset
 * before it reached Slack (unknown outcome, nothing landed), or a connection refused (not sent).
 * Writes go through the real update scheduler and rate budget; the budget's clock steps a minute
 * per reading, so every call has its own rate window and no test waits on a timer.
 */
import type { FetchFunction } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postOrAdopt, readThread, type ThreadTarget, type ThreadWriteDeps } from '../../../src/agent/sinks/post-or-adopt.js';
import { createRelayMetrics } from '../../../src/agent/sinks/relay-metrics.js';
import { buildRunMetadata } from '../../../src/agent/sinks/run-message-metadata.js';
import { createUpdateScheduler, SlotAbortedError } from '../../../src/agent/sinks/update-scheduler.js';
import { buildSlackClients } from '../../../src/composition/build-slack-clients.js';
import { harborWorkspace, type SlackEmulator, startSlackEmulator } from '../../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createWebClient } from '../../../src/slack-api/create-web-client.js';
import { createRateBudget } from '../../../src/slack-api/rate-budget.js';
import { SlackCallError } from '../../../src/slack-api/slack-call-error.js';
import { createWriterFromClient } from '../../../src/slack/agent/relay/web-client-writer.js';
import { createMemoryStateStore } from '../../../src/store/memory-state-store.js';
import { install } from '../../emulators/slack/oauth-helpers.js';
import { createManualTimers, type ManualTimers } from '../support/manual-timers.js';

const TOKEN = 'xoxb-post-or-adopt-test';

type Fault = 'answer lost' | 'reset before landing' | 'refused';

/** The transport the app's clients use by default (create-web-client.ts). */
const realFetch = globalThis.fetch as unknown as FetchFunction;

const networkFailure = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });

describe('post-or-adopt on the Slack emulator', () => {
  let slack: SlackEmulator;
  const logger = createMemoryLogger(createRedactor([TOKEN]), 'info');
  const faults: Fault[] = [];
  /** chat.postMessage attempts the transport saw (those refused or reset never reach the emulator). */
  let postAttempts = 0;
  const transport: FetchFunction = async (url, init) => {
    if (!String(url).endsWith('chat.postMessage')) return realFetch(url, init);
    postAttempts += 1;
    const fault = faults.shift();
    if (fault === 'refused') throw networkFailure('ECONNREFUSED');
    if (fault === 'reset before landing') throw networkFailure('ECONNRESET');
    const answer = await realFetch(url, init);
    if (fault === 'answer lost') {
      await answer.text();
      throw networkFailure('ECONNRESET');
    }
    return answer;
  };

  beforeAll(async () => {
    slack = await startSlackEmulator({ port: 0, botToken: TOKEN, rateLimits: 'off' });
  });
  afterAll(async () => {
    await slack.close();
  });

  const writer = () => createWriterFromClient(createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger, fetch: transport }));

  /** Deps whose budget clock steps a minute per reading: each call gets a fresh rate window. */
  const stepping = (): ThreadWriteDeps & { timers: ManualTimers } => {
    let now = 1_700_000_000_000;
    const clock = () => {
      now += 61_000;
      return now;
    };
    const timers = createManualTimers();
    const budget = createRateBudget({ store: createMemoryStateStore({ clock }), clock });
    const scheduler = createUpdateScheduler({ budget, metrics: createRelayMetrics(), logger, clock, timers });
    return { slack: writer(), scheduler, clock, timers };
  };

  const message = (text: string) => ({ text, blocks: [] });
  const meta = (runId: string, part = 1) =>
    buildRunMetadata({ run_id: runId, part, conversation_id: '7', assistant_message_id: '9', offset: -1 });

  /** A fresh thread in the default channel: its target for `runId`. */
  const threadFor = async (runId: string): Promise<ThreadTarget> => {
    const client = createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger });
    const parent = await client.chat.postMessage({ channel: slack.defaultChannelId, text: `question for ${runId}` });
    return { runId, teamId: slack.teamId, channelId: slack.defaultChannelId, threadTs: String(parent.ts) };
  };
  /** The run's messages in its thread (the parent excluded). */
  const runMessages = (target: ThreadTarget) =>
    slack.threadReplies(target.channelId, target.threadTs).filter((m) => m.metadata?.event_payload?.run_id === target.runId);
  const repliesCalls = (target: ThreadTarget) =>
    slack.calls.filter((c) => c.method === 'conversations.replies' && c.args.ts === target.threadTs);

  /** Posts the run's message directly, as a process that died before recording its ts did. */
  const landedEarlier = async (target: ThreadTarget, part = 1, runId = target.runId): Promise<string> =>
    (
      await writer().postMessage({
        channel: target.channelId,
        threadTs: target.threadTs,
        ...message(`part ${part}`),
        metadata: meta(runId, part),
      })
    ).ts;

  it('posts a new message without reading the thread when not asked to look first', async () => {
    const target = await threadFor('run-fresh');
    const deps = stepping();
    const result = await postOrAdopt(target, message('Working on it…'), meta('run-fresh'), deps, { lookFirst: false });
    expect(result.adopted).toBe(false);
    expect(runMessages(target).map((m) => m.ts)).toEqual([result.ts]);
    expect(runMessages(target)[0]?.text).toBe('Working on it…');
    expect(runMessages(target)[0]?.metadata?.event_payload).toMatchObject({ run_id: 'run-fresh', part: 1 });
    expect(repliesCalls(target)).toEqual([]);
    deps.scheduler.close();
  });

  it('after a crash, adopts the run’s message for the part that already landed instead of posting it again', async () => {
    const target = await threadFor('run-crashed');
    const landed = await landedEarlier(target);
    const deps = stepping();
    const before = postAttempts;
    expect(await postOrAdopt(target, message('again'), meta('run-crashed'), deps, { lookFirst: true })).toEqual({
      ts: landed,
      adopted: true,
    });
    expect(postAttempts).toBe(before);
    expect(runMessages(target)).toHaveLength(1);
    expect(repliesCalls(target)).toHaveLength(1);
    deps.scheduler.close();
  });

  it('looking first, another part of the run or another run’s message is not adopted', async () => {
    const target = await threadFor('run-parts');
    await landedEarlier(target, 2);
    await landedEarlier(target, 1, 'run-other');
    const deps = stepping();
    const result = await postOrAdopt(target, message('part one'), meta('run-parts'), deps, { lookFirst: true });
    expect(result.adopted).toBe(false);
    expect(runMessages(target).map((m) => m.metadata?.event_payload?.part)).toEqual([2, 1]);
    expect(runMessages(target)[1]?.ts).toBe(result.ts);
    deps.scheduler.close();
  });

  it('a post whose answer was lost after it landed is found in the thread and adopted, never posted twice', async () => {
    const target = await threadFor('run-answer-lost');
    const deps = stepping();
    faults.push('answer lost');
    const before = postAttempts;
    const result = await postOrAdopt(target, message('Working'), meta('run-answer-lost'), deps, { lookFirst: false });
    expect(result.adopted).toBe(true);
    expect(runMessages(target).map((m) => m.ts)).toEqual([result.ts]);
    expect(postAttempts - before).toBe(1);
    expect(repliesCalls(target)).toHaveLength(1);
    deps.scheduler.close();
  });

  it('a post reset before it landed (outcome unknown) is looked for, then posted once', async () => {
    const target = await threadFor('run-reset');
    const deps = stepping();
    faults.push('reset before landing');
    const before = postAttempts;
    const result = await postOrAdopt(target, message('Working'), meta('run-reset'), deps, { lookFirst: false });
    expect(result.adopted).toBe(false);
    expect(runMessages(target).map((m) => m.ts)).toEqual([result.ts]);
    expect(postAttempts - before).toBe(2);
    expect(repliesCalls(target)).toHaveLength(1);
    deps.scheduler.close();
  });

  it('a post refused before it was sent is simply sent again, without reading the thread', async () => {
    const target = await threadFor('run-refused');
    const deps = stepping();
    faults.push('refused');
    const before = postAttempts;
    const result = await postOrAdopt(target, message('Working'), meta('run-refused'), deps, { lookFirst: false });
    expect(result.adopted).toBe(false);
    expect(runMessages(target).map((m) => m.ts)).toEqual([result.ts]);
    expect(postAttempts - before).toBe(2);
    expect(repliesCalls(target)).toEqual([]);
    deps.scheduler.close();
  });

  it('after a refused attempt, a later lost answer is still looked for', async () => {
    const target = await threadFor('run-refused-then-lost');
    const deps = stepping();
    faults.push('refused', 'answer lost');
    const result = await postOrAdopt(target, message('Working'), meta('run-refused-then-lost'), deps, { lookFirst: false });
    expect(result.adopted).toBe(true);
    expect(runMessages(target).map((m) => m.ts)).toEqual([result.ts]);
    deps.scheduler.close();
  });

  it('gives up after four failed attempts by default, with the last Slack error', async () => {
    const target = await threadFor('run-gives-up');
    const deps = stepping();
    faults.push('refused', 'refused', 'refused', 'refused');
    const before = postAttempts;
    const error = await postOrAdopt(target, message('Working'), meta('run-gives-up'), deps, { lookFirst: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SlackCallError);
    expect(error).toMatchObject({ method: 'chat.postMessage', code: 'network', outcome: 'failed', networkCode: 'ECONNREFUSED' });
    expect(postAttempts - before).toBe(4);
    expect(runMessages(target)).toEqual([]);
    deps.scheduler.close();
  });

  it('a fourth attempt that goes through is not given up', async () => {
    const target = await threadFor('run-fourth');
    const deps = stepping();
    faults.push('refused', 'refused', 'refused');
    const result = await postOrAdopt(target, message('Working'), meta('run-fourth'), deps, { lookFirst: false });
    expect(result.adopted).toBe(false);
    expect(runMessages(target).map((m) => m.ts)).toEqual([result.ts]);
    deps.scheduler.close();
  });

  it('honours a smaller number of attempts', async () => {
    const target = await threadFor('run-two-attempts');
    const deps = stepping();
    faults.push('refused', 'refused');
    const before = postAttempts;
    await expect(
      postOrAdopt(target, message('Working'), meta('run-two-attempts'), deps, { lookFirst: false, maxAttempts: 2 }),
    ).rejects.toMatchObject({
      code: 'network',
    });
    expect(postAttempts - before).toBe(2);
    expect(runMessages(target)).toEqual([]);
    deps.scheduler.close();
  });

  it('with no attempt allowed, it posts nothing and reports the outcome as unknown', async () => {
    const target = await threadFor('run-no-attempt');
    const deps = stepping();
    const before = postAttempts;
    const error = await postOrAdopt(target, message('Working'), meta('run-no-attempt'), deps, { lookFirst: true, maxAttempts: 0 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SlackCallError);
    expect(error).toMatchObject({ method: 'chat.postMessage', code: 'outcome_unknown', outcome: 'unknown' });
    expect(postAttempts).toBe(before);
    expect(repliesCalls(target)).toEqual([]);
    deps.scheduler.close();
  });

  it('a refusal for good (the channel is gone) is thrown at once, neither retried nor looked for', async () => {
    const target = { ...(await threadFor('run-gone')), channelId: 'C0GONE404' };
    const deps = stepping();
    const before = postAttempts;
    await expect(postOrAdopt(target, message('Working'), meta('run-gone'), deps, { lookFirst: false })).rejects.toMatchObject({
      code: 'channel_not_found',
      outcome: 'failed',
    });
    expect(postAttempts - before).toBe(1);
    expect(slack.calls.filter((c) => c.method === 'conversations.replies' && c.args.channel === 'C0GONE404')).toEqual([]);
    deps.scheduler.close();
  });

  it('a write the scheduler withdrew (its run closed) is not retried: the withdrawal is thrown as it is', async () => {
    const target = await threadFor('run-withdrawn');
    const deps = stepping();
    deps.scheduler.close();
    const before = postAttempts;
    await expect(postOrAdopt(target, message('Working'), meta('run-withdrawn'), deps, { lookFirst: false })).rejects.toBeInstanceOf(
      SlotAbortedError,
    );
    expect(postAttempts).toBe(before);
  });

  it('reads the thread from the run’s reply on when it is known', async () => {
    const target = await threadFor('run-oldest');
    const replyTs = await landedEarlier(target, 1);
    const second = await landedEarlier(target, 2);
    const deps = stepping();
    const read = await readThread({ ...target, oldestTs: replyTs }, deps);
    expect(read.map((m) => m.ts)).toEqual([replyTs, second]);
    const calls = repliesCalls(target);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args.oldest).toBe(replyTs);
    // Without a known reply, the whole thread (its parent too).
    expect((await readThread(target, deps)).map((m) => m.ts)).toEqual([target.threadTs, replyTs, second]);
    expect(repliesCalls(target)[1]?.args.oldest).toBeUndefined();
    deps.scheduler.close();
  });

  describe('how long a write has waited (the scheduler’s stall report)', () => {
    /** Deps on a clock that moves only with the manual timers, and a lane blocked for `blockMs`. */
    const waiting = async (method: 'chat.postMessage' | 'conversations.replies', blockMs: number) => {
      const timers = createManualTimers(1_700_000_000_000);
      const clock = timers.now;
      const budget = createRateBudget({ store: createMemoryStateStore({ clock }), clock });
      await budget.block(slack.teamId, method, slack.defaultChannelId, clock() + blockMs);
      const scheduler = createUpdateScheduler({ budget, metrics: createRelayMetrics(), logger, clock, timers });
      return { deps: { slack: writer(), scheduler, clock }, timers };
    };
    const stallsOf = (runId: string) => logger.lines.filter((l) => l.includes('relay update stalled') && l.includes(runId));

    it('a post counts its wait from the `since` it is given', async () => {
      const target = await threadFor('run-since-given');
      const { deps, timers } = await waiting('chat.postMessage', 5_000);
      const posted = postOrAdopt(target, message('Working'), meta('run-since-given'), deps, {
        lookFirst: false,
        since: deps.clock() - 60_000,
      });
      await timers.advance(1_000);
      expect(stallsOf('run-since-given')).toHaveLength(1);
      await timers.advance(5_000);
      expect((await posted).adopted).toBe(false);
      deps.scheduler.close();
    });

    it('a post without `since` counts its wait from when it was asked for', async () => {
      const target = await threadFor('run-since-now');
      const { deps, timers } = await waiting('chat.postMessage', 40_000);
      const posted = postOrAdopt(target, message('Working'), meta('run-since-now'), deps, { lookFirst: false });
      await timers.advance(5_000);
      expect(stallsOf('run-since-now')).toEqual([]);
      await timers.advance(30_000);
      expect(stallsOf('run-since-now')).toHaveLength(1);
      await timers.advance(10_000);
      expect((await posted).adopted).toBe(false);
      deps.scheduler.close();
    });

    it('a thread read counts its wait from when it was asked for', async () => {
      const target = await threadFor('run-read-wait');
      const { deps, timers } = await waiting('conversations.replies', 40_000);
      const read = readThread(target, deps);
      await timers.advance(5_000);
      expect(stallsOf('run-read-wait')).toEqual([]);
      await timers.advance(30_000);
      expect(stallsOf('run-read-wait')).toHaveLength(1);
      await timers.advance(10_000);
      expect((await read).map((m) => m.ts)).toEqual([target.threadTs]);
      deps.scheduler.close();
    });
  });
});

describe('reading a run’s thread back', () => {
  let emu: SlackEmulator | undefined;
  afterAll(async () => {
    await emu?.close();
  });

  it('reads at most ten pages of a thread, however long it is', async () => {
    // One clock for the emulator and the budget, stepping past a read's spacing at every reading.
    let now = 1_700_000_000_000;
    const clock = () => {
      now += 100_000;
      return now;
    };
    emu = await startSlackEmulator({ clock, oauth: { clientSecret: 'pages-client-secret' } });
    const token = (await install(emu, { teamId: harborWorkspace.teamId })).access_token;
    const logger = createMemoryLogger(createRedactor([token]), 'error');
    // A non-Marketplace install reads 15 messages a page: 160 replies make 11 pages.
    const client = buildSlackClients({ apiUrl: emu.apiUrl, logger, distribution: 'non-marketplace' }).clientFor(token);
    const channelId = harborWorkspace.researchChannelId;
    const threadTs = String((await client.chat.postMessage({ channel: channelId, text: 'question' })).ts);
    for (let i = 0; i < 160; i += 1) await client.chat.postMessage({ channel: channelId, thread_ts: threadTs, text: `reply ${i}` });

    const budget = createRateBudget({ store: createMemoryStateStore({ clock }), clock, distribution: 'non-marketplace' });
    const scheduler = createUpdateScheduler({ budget, metrics: createRelayMetrics(), logger, clock, timers: createManualTimers() });
    const read = await readThread(
      { runId: 'r-long', teamId: harborWorkspace.teamId, channelId, threadTs },
      {
        slack: createWriterFromClient(client),
        scheduler,
        clock,
      },
    );
    scheduler.close();
    const calls = emu.calls.filter((c) => c.method === 'conversations.replies');
    expect(calls).toHaveLength(10);
    expect(calls.every((c) => c.status === 200)).toBe(true);
    expect(read).toHaveLength(150);
    expect(new Set(read.map((m) => m.ts)).size).toBe(150);
    expect(read[0]?.ts).toBe(threadTs);
  });
});
