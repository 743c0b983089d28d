/**
 * A question that waited in its thread's queue past its deadline is dropped and its asker told,
 * once, in the thread (through the Slack emulator); it never starts late. The clock is moved,
 * never waited on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayRuntime } from '../../../../src/agent/runtime/relay-runtime.js';
import { startSlackEmulator, type SlackEmulator } from '../../../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { createWebClient } from '../../../../src/slack-api/create-web-client.js';
import { startNextQueuedQuestion, startWaitingQuestions } from '../../../../src/slack/agent/runs/start-queued-questions.js';
import type { ListenerDeps } from '../../../../src/slack/kit/listener-deps.js';
import type { ResearchService } from '../../../../src/service/types.js';
import { createSingleWorkspace } from '../../../../src/workspaces/single-workspace.js';
import { createAppStores } from '../../../../src/store/app-stores.js';
import { QUEUED_QUESTION_LIMITS } from '../../../../src/store/keys.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';
import { buildManualClock } from '../../../store/store-harness.js';

const TOKEN = ['xoxb', 'queued-questions-test'].join('-');

describe('queued questions past their deadline', () => {
  let slack: SlackEmulator;
  beforeAll(async () => {
    slack = await startSlackEmulator({ port: 0, botToken: TOKEN, rateLimits: 'off' });
  });
  afterAll(async () => slack?.close());

  it('are dropped with a note to each asker, and nothing starts', async () => {
    const clock = buildManualClock();
    const log = createMemoryLogger(createRedactor([TOKEN]), 'warn');
    const stores = createAppStores(createMemoryStateStore({ clock: clock.now }), clock.now);
    // The relay must not be reached: a question past its deadline never starts.
    const client = createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger: log });
    // The service must not be reached either.
    const workspaces = createSingleWorkspace({ service: {} as ResearchService, client, baseUrl: 'unused', startedAtMs: clock.now() });
    const deps = { stores, clock: clock.now, logger: log, relay: {} as RelayRuntime, workspaces } as Partial<ListenerDeps> as ListenerDeps;
    const root = await slack.postMessage({ text: 'a thread with a reply' });
    await slack.postMessage({ text: 'a reply', thread_ts: root.ts });
    const thread = { teamId: slack.teamId, channelId: slack.defaultChannelId, threadTs: root.ts };
    await stores.questionQueue.enqueue({
      ...thread,
      requestId: 'Ev1',
      userId: slack.defaultUserId,
      question: 'And the <!channel> margins?',
    });
    await stores.questionQueue.enqueue({ ...thread, requestId: 'Ev2', userId: slack.adminUserId, question: 'And the buybacks?' });

    clock.advance(QUEUED_QUESTION_LIMITS.maxWaitMs);
    await startWaitingQuestions(deps, { log });
    await startNextQueuedQuestion(deps, thread, { log });

    expect(await stores.questionQueue.list(thread)).toEqual([]);
    const [note] = slack.ephemeralFor(slack.defaultUserId, slack.defaultChannelId).map((e) => e.text);
    expect(note).toBe(
      'I didn’t get to your question “And the &lt;!channel&gt; margins?”: the questions before it took more than 30 minutes. Please ask it again.',
    );
    expect(slack.ephemeralFor(slack.adminUserId, slack.defaultChannelId)).toHaveLength(1);
    expect(slack.ephemeralFor(slack.defaultUserId, slack.defaultChannelId)).toHaveLength(1);
  });
});
