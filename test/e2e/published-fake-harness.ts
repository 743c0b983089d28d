/**
 * The real app between the Slack emulator and the published-schema fake of the service (instead
 * of the service emulator), over HTTP, with the embedded file store: the same app a user runs
 * with SERVICE_BASE_URL set to the real service.
 * @see test/e2e/harness.ts (the same, with the service emulator), test/support/published-fake/
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSlackEmulator } from '../../src/emulators/slack/index.js';
import { createResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createFileStateStore } from '../../src/store/file-state-store.js';
import { startResearchDesk, type ResearchDeskOptions } from '../../src/research-desk.js';
import { startPublishedFake, type PublishedFake } from '../support/published-fake/published-fake.js';
import type { SpecVersion } from '../support/published-fake/published-spec.js';
import { E2E_ACK_TIMEOUT_MS, E2E_SECRETS, type Harness } from './harness.js';

export interface PublishedFakeHarness extends Omit<Harness, 'service' | 'keyPrefix'> {
  fake: PublishedFake;
}

export async function startPublishedFakeHarness(options: {
  version: SpecVersion;
  eventDelayMs?: number;
  /** SERVICE_AGENT_ID; null leaves it unset. */
  agentId?: string | null;
  /** Desk options a suite sets beyond these (e.g. quicker document polls). */
  deskOverrides?: Partial<ResearchDeskOptions>;
}): Promise<PublishedFakeHarness> {
  const agentId = options.agentId === undefined ? '11887655289749510' : options.agentId;
  const fake = await startPublishedFake({
    version: options.version,
    apiKey: E2E_SECRETS.serviceKey,
    eventDelayMs: options.eventDelayMs ?? 15,
  });
  const slack = await startSlackEmulator({
    port: 0,
    botToken: E2E_SECRETS.botToken,
    appToken: E2E_SECRETS.appToken,
    signingSecret: E2E_SECRETS.signingSecret,
    deliveryMode: 'http',
    rateLimits: 'slack',
    ackTimeoutMs: E2E_ACK_TIMEOUT_MS,
  });
  const logger = createMemoryLogger(createRedactor(Object.values(E2E_SECRETS)), 'info');
  // As main.ts builds it, by default with SERVICE_AGENT_ID set (the 2025-12 schema requires one).
  const client = createResearchClient({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    ...(agentId === null ? {} : { agentId }),
    retry: fastTestRetryPolicy,
    timeoutMs: 30_000,
    logger,
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-published-'));
  const store = await createFileStateStore({ dir: dataDir, logger });
  const deskOptions: ResearchDeskOptions = {
    connection: { mode: 'http', botToken: E2E_SECRETS.botToken, signingSecret: E2E_SECRETS.signingSecret, apiUrl: slack.apiUrl },
    port: 0,
    host: '127.0.0.1',
    service: client,
    store,
    logger,
    streaming: 'auto',
    documentUrlDomains: ['research.example.com'],
    agentIdleTimeoutMs: 30_000,
    runLeaseMs: 30_000,
    digestGraceMs: 60 * 60_000,
    // Not the demo service: the app labels nothing as demo data.
    demo: false,
    ...options.deskOverrides,
  };
  const desk = await startResearchDesk(deskOptions);
  slack.setRequestUrl(`http://127.0.0.1:${desk.port}/slack/events`);

  return {
    fake,
    slack,
    client,
    desk,
    store,
    logs: logger.lines,
    logger,
    deskOptions,
    ephemerals(channelId = slack.defaultChannelId) {
      return slack
        .ephemeralFor(slack.defaultUserId, channelId)
        .map((e) => ({ text: e.text, ...(e.blocks ? { blocks: e.blocks as unknown[] } : {}) }));
    },
    async close() {
      await desk.stop();
      await client.close();
      await slack.close();
      await fake.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
