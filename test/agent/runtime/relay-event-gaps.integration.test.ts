/**
 * A live event stream that sends a run's offsets out of order, or leaves some events out while the
 * service's log keeps them, must still leave the thread as an orderly run does: every streamed
 * piece of text in the reply, in order, exactly once. The runs end with an error and no report,
 * so the reply is the streamed text itself (issue 12, §1.4: 8 of 30 pieces were lost).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamingMode } from '../../../src/config/relay-config.js';
import type { ServiceFaults } from '../../../src/emulators/service/faults.js';
import { createResearchClient } from '../../../src/service/research-client.js';
import { RunStore } from '../../../src/store/run-store.js';
import { finalThread, postsInThread, startRelayHarness, type RelayHarness } from '../support/relay-harness.js';

// Every event carries this timestamp: runs of one question render the same elapsed time.
const FROZEN_NOW = Date.now();
const serviceClock = () => FROZEN_NOW;

describe('the relay on a stream with offsets out of order or missing', () => {
  let orderly: RelayHarness;
  let faulty: RelayHarness;
  beforeAll(async () => {
    [orderly, faulty] = await Promise.all([
      startRelayHarness({ agentSpeed: 40, serviceClock }),
      startRelayHarness({ agentSpeed: 40, serviceClock }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([orderly?.close(), faulty?.close()]);
  });

  /** Relays one question to its end: the thread's replies, and the text pieces the service logged for the run. */
  async function relay(h: RelayHarness, question: string, streaming: StreamingMode = 'update') {
    const runtime = h.runtime({ streaming });
    const channelId = h.slack.defaultChannelId;
    const threadTs = await h.ask(question, channelId);
    const { runId } = await runtime.startRun({ teamId: h.slack.teamId, channelId, threadTs, askerUserId: h.slack.defaultUserId, question });
    const outcome = await runtime.waitForRun(runId);
    const record = (await new RunStore(h.openStore()).get(runId))!;
    const client = createResearchClient({ baseUrl: h.service.url, apiKey: h.service.apiKey });
    try {
      const logged = await client.listEvents(record.conversationId, record.assistantMessageId);
      const pieces = logged.flatMap((e) => (e.event_type === 'streaming' && typeof e.content === 'string' ? [e.content] : []));
      // A failed run's end is the relay's own clock: the elapsed time differs between runs.
      const thread = JSON.stringify(finalThread(h.slack, channelId, threadTs))
        .replaceAll(record.conversationId, '<conversation>')
        .replaceAll(record.assistantMessageId, '<message>')
        .replace(/:stopwatch: [^·"]+/g, ':stopwatch: <elapsed> ');
      return { runId, outcome, pieces, posts: postsInThread(h.slack, channelId, threadTs), thread: JSON.parse(thread) as unknown };
    } finally {
      await client.close();
    }
  }

  /** How many of `pieces` the text holds one after another, each found after the one before. */
  function piecesInOrder(text: string, pieces: readonly string[]): number {
    let from = 0;
    let found = 0;
    for (const piece of pieces) {
      const at = text.indexOf(piece.trim(), from);
      if (at < 0) continue;
      found += 1;
      from = at + piece.trim().length;
    }
    return found;
  }

  async function relayBoth(question: string, faults: Partial<ServiceFaults>, streaming: StreamingMode = 'update') {
    const reference = await relay(orderly, question, streaming);
    faulty.service.setFaults(faults);
    try {
      return { reference, gapped: await relay(faulty, question, streaming) };
    } finally {
      faulty.service.setFaults({});
    }
  }

  function expectSameReply(reference: Awaited<ReturnType<typeof relay>>, gapped: Awaited<ReturnType<typeof relay>>) {
    expect(gapped.outcome).toEqual(reference.outcome);
    expect(gapped.posts).toBe(1);
    const text = JSON.stringify(gapped.thread);
    expect(gapped.pieces.length).toBeGreaterThanOrEqual(5);
    expect({ piecesInOrder: piecesInOrder(text, gapped.pieces) }).toEqual({ piecesInOrder: gapped.pieces.length });
    expect(gapped.thread).toEqual(reference.thread);
  }

  it('puts events that arrive out of order back in place, and says so in the log', async () => {
    const { reference, gapped } = await relayBoth('贵州茅台的毛利率为什么这么高？ [error]', { reorderEventEvery: 3 });
    expectSameReply(reference, gapped);
    const warned = faulty.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.runId === gapped.runId);
    expect(warned.some((l) => l.level === 'warn' && /out of order/.test(String(l.msg)) && typeof l.lateOffset === 'number')).toBe(true);
  }, 60_000);

  it('fills events the live stream left out from the service’s log before the run ends', async () => {
    const { reference, gapped } = await relayBoth('比亚迪的海外销量和利润率如何？ [error]', { skipLiveEventEvery: 3 });
    expectSameReply(reference, gapped);
    const warned = faulty.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.runId === gapped.runId);
    expect(
      warned.some((l) => l.level === 'warn' && typeof l.firstMissingOffset === 'number' && /left events out/.test(String(l.msg))),
    ).toBe(true);
  }, 60_000);

  it('ends a natively streamed run the same way: the final answer replaces what streamed out of place', async () => {
    const { reference, gapped } = await relayBoth(
      '宁德时代的储能业务增长如何？ [error]',
      { reorderEventEvery: 3, skipLiveEventEvery: 7 },
      'native',
    );
    expectSameReply(reference, gapped);
  }, 60_000);
});
