/**
 * The doctor: the service checks through the app's own client, then the Slack checks; every row
 * of the report, in order. Calls run one after another, gentle on a live service.
 */
import { Agent } from 'undici';
import type { Config } from '../config/load-config.js';
import { createLogger } from '../observability/logger.js';
import { createRedactor } from '../observability/redactor.js';
import { createResearchClient } from '../service/research-client.js';
import { noRetryPolicy } from '../service/retry-policy.js';
import { agentChecks } from './agent-checks.js';
import type { CheckResult } from './check-result.js';
import type { DoctorArgs } from './doctor-args.js';
import { readManifest } from './read-manifest.js';
import { createExchangeRecorder } from './record-exchanges.js';
import { runServiceCheck } from './run-service-check.js';
import { type FoundIds, serviceChecks } from './service-checks.js';
import { slackChecks } from './slack-checks.js';

export interface RunDoctorOptions {
  config: Config;
  args: Pick<DoctorArgs, 'conversationId' | 'probe' | 'manifestPath'>;
  /** Milliseconds for the latency column; performance.now by default. */
  now?: () => number;
  /** Epoch milliseconds; Date.now by default. */
  clock?: () => number;
}

export async function runDoctor(o: RunDoctorOptions): Promise<CheckResult[]> {
  const now = o.now ?? (() => performance.now());
  const service = await checkService(o.config, o.args, now);
  const manifest = await readManifest(o.args.manifestPath).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
  const slack = await slackChecks(o.config.slack, { manifest, now, clock: o.clock ?? Date.now, timeoutMs: 10_000 });
  return [...service, ...slack];
}

async function checkService(config: Config, args: RunDoctorOptions['args'], now: () => number): Promise<CheckResult[]> {
  if (config.service.mode === 'demo') {
    return [
      {
        endpoint: 'research service',
        status: 'fail',
        problem: 'SERVICE_BASE_URL is not set: the app would serve its demo data; set SERVICE_BASE_URL and SERVICE_API_KEY',
      },
    ];
  }
  if (config.service.mode === 'per-workspace') {
    return [
      {
        endpoint: 'research service',
        status: 'skip',
        problem:
          'OAuth installs: each workspace connects its own service key from App Home; run the doctor with SERVICE_BASE_URL and SERVICE_API_KEY (without SLACK_CLIENT_ID) to check one key',
      },
    ];
  }
  const recorder = createExchangeRecorder();
  // HTTP/1.1, as the app's own client speaks (research-client.ts), so the doctor sees what the app would.
  const transport = new Agent({ keepAliveTimeout: 10_000, allowH2: false });
  const warnings: string[] = [];
  // Without retries: a check shows the first answer as it is, and a failing service is not hammered.
  const client = createResearchClient({
    baseUrl: config.service.baseUrl,
    apiKey: config.service.apiKey,
    timeoutMs: config.serviceTimeoutMs,
    retry: noRetryPolicy,
    dispatcher: transport.compose(recorder.interceptor),
    logger: createLogger({ level: 'warn', redact: createRedactor(config.secrets), write: (line) => warnings.push(line) }),
  });
  const found: FoundIds = {};
  const checks = [...serviceChecks(client, args.probe, found), ...agentChecks(client, args.conversationId)];
  const rows: CheckResult[] = [];
  try {
    for (const [i, check] of checks.entries()) {
      const { row, stopsTheRest } = await runServiceCheck(check, { recorder, warnings, now });
      rows.push(row);
      if (stopsTheRest && i < checks.length - 1) {
        rows.push({
          endpoint: `${checks.length - i - 1} more service endpoints`,
          status: 'fail',
          problem: 'not checked: the service is unreachable or refuses the key (above)',
        });
        break;
      }
    }
  } finally {
    await client.close();
    await transport.close();
  }
  return rows;
}
