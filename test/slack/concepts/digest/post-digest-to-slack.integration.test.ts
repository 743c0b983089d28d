/**
 * The Slack digest poster with the scheduler, against the Slack emulator: a subscription whose
 * workspace has not connected the research service (or is no longer installed) gets nothing in its
 * channel, its slot is marked skipped without a retry, and the subscription stays active.
 */
import type { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDigestScheduler, FAST_DIGEST_RETRY } from '../../../../src/schedules/digest-scheduler.js';
import { startSlackEmulator, type SlackEmulator } from '../../../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import type { ResearchService } from '../../../../src/service/types.js';
import { createWebClient } from '../../../../src/slack-api/create-web-client.js';
import { createSlackDigestPoster } from '../../../../src/slack/concepts/digest/post-digest-to-slack.js';
import { DigestLocks } from '../../../../src/store/digest-locks.js';
import { DigestMarkers } from '../../../../src/store/digest-markers.js';
import { Leases } from '../../../../src/store/leases.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';
import type { DigestSubscription } from '../../../../src/store/records.js';
import { Subscriptions } from '../../../../src/store/subscriptions.js';
import { WorkspaceNotConnectedError, WorkspaceNotInstalledError } from '../../../../src/workspaces/workspace-errors.js';
import type { Workspaces } from '../../../../src/workspaces/workspaces.js';

const TOKEN = 'xoxb-digest-poster-skip-test';
const SLOT = '2025-03-07T01:00:00.000Z';
const NOW = Date.parse('2025-03-07T01:05:00.000Z');

function buildSubscription(teamId: string, channelId: string): DigestSubscription {
  return {
    teamId,
    channelId,
    cadence: 'daily',
    time: '09:00',
    timeZone: 'Asia/Shanghai', // 01:00Z
    top: 5,
    createdBy: 'U1',
    createdAtMs: Date.parse('2025-03-06T00:00:00.000Z'),
    paused: false,
  };
}

describe('digest poster: a workspace that cannot use the research service', () => {
  let slack: SlackEmulator;
  let client: WebClient;
  const logger = createMemoryLogger(createRedactor([TOKEN]));

  beforeAll(async () => {
    slack = await startSlackEmulator({ port: 0, botToken: TOKEN, clock: () => NOW });
    client = createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger });
  });
  afterAll(async () => slack?.close());

  /** T_NOT_CONNECTED is installed but has no service connection; T_GONE is not installed at all. */
  const workspaces: Pick<Workspaces, 'service' | 'slackClient'> = {
    slackClient: async (ref) => {
      if (ref.teamId === 'T_GONE') throw new WorkspaceNotInstalledError(ref.teamId);
      return client;
    },
    service: async (ref): Promise<ResearchService> => {
      throw new WorkspaceNotConnectedError(ref.teamId);
    },
  };

  it('posts nothing, marks each slot skipped once, and keeps the subscriptions active', async () => {
    const store = createMemoryStateStore({ clock: () => NOW });
    const subscriptions = new Subscriptions(store);
    const markers = new DigestMarkers(store, () => NOW);
    const channel = slack.defaultChannelId;
    await subscriptions.put(buildSubscription('T_NOT_CONNECTED', channel));
    await subscriptions.put(buildSubscription('T_GONE', channel));
    const scheduler = createDigestScheduler({
      subscriptions,
      markers,
      locks: new DigestLocks(new Leases(store)),
      clock: () => NOW,
      postDigest: createSlackDigestPoster({ workspaces, deps: { stores: { digestMarkers: markers }, logger, clock: () => NOW } }),
      graceMs: 60 * 60_000,
      logger,
      retry: FAST_DIGEST_RETRY,
    });
    try {
      const reports = await scheduler.tick();
      expect(reports.map((r) => [r.teamId, r.outcome]).sort()).toEqual([
        ['T_GONE', 'skipped'],
        ['T_NOT_CONNECTED', 'skipped'],
      ]);
      expect(slack.calls.filter((c) => c.method === 'chat.postMessage')).toEqual([]);
      for (const teamId of ['T_NOT_CONNECTED', 'T_GONE']) {
        expect(await markers.getSlot(teamId, channel, SLOT)).toMatchObject({ state: 'skipped' });
        expect(await subscriptions.get(teamId, channel)).toMatchObject({ paused: false });
      }
      const warnings = logger.lines.filter((l) => l.includes('"level":"warn"'));
      expect(warnings.filter((l) => l.includes('digest slot skipped'))).toHaveLength(2);
      expect(warnings.filter((l) => !l.includes('digest slot skipped'))).toEqual([]);
      expect(logger.lines.some((l) => l.includes('WorkspaceNotConnectedError'))).toBe(true);
      expect(logger.lines.some((l) => l.includes('WorkspaceNotInstalledError'))).toBe(true);

      // The next tick finds the slots done: no second attempt.
      expect((await scheduler.tick()).map((r) => r.outcome)).toEqual(['already_handled', 'already_handled']);
    } finally {
      await scheduler.stop();
      await store.close();
    }
  });
});
