/**
 * Ack benchmark (issue 3): signed slash commands at concurrency 50 through the Slack emulator to
 * the real app in HTTP mode, with the service emulator adding 300 ms behind the command. Measures
 * ack latency (what Slack's 3-second limit applies to) and time to the first posted response.
 *
 * The app runs as its own process (src/main.ts, configured like production), and so does the
 * alternative measured in the same run, the obvious one (bench/ack-naive-app.ts): a Bolt app whose
 * /research handler calls the service first and acks with the answer.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServiceEmulator } from '../src/emulators/service/index.js';
import { startSlackEmulator, type SlackEmulator } from '../src/emulators/slack/index.js';
import { percentile, median, round } from './lib/stats.js';
import { runPool } from './lib/run-pool.js';
import { writeResults } from './lib/write-results.js';
import { spawnApp } from './lib/spawn-app.js';

const SECRETS = { botToken: 'xoxb-fake-bench-bot-token-0000', signingSecret: 'bench-signing-secret-0000' };

export interface AckBenchParameters {
  commands: number;
  concurrency: number;
  serviceLatencyMs: number;
}

interface StrategyFigures {
  acked: number;
  failedAcks: number;
  ackP50Ms: number;
  ackP99Ms: number;
  firstResponseP50Ms: number;
  firstResponseP99Ms: number;
  responded: number;
  wallMs: number;
}

async function driveCommands(slack: SlackEmulator, params: AckBenchParameters): Promise<StrategyFigures> {
  const started = Date.now();
  const samples = await runPool(params.commands, params.concurrency, async (i) => {
    const sentAt = Date.now();
    const result = await slack.sendCommand({ command: '/research', text: `${i % 2 === 0 ? '茅台' : 'NVDA'} 毛利率` });
    return { sentAt, result };
  });
  // The first response can land after the ack: wait (bounded) for every command to be answered.
  const deadline = Date.now() + 60_000;
  const firstUse = (url: string | undefined): number | undefined => (url ? slack.responseUrlFirstUse(url) : undefined);
  while (
    Date.now() < deadline &&
    samples.some((s) => s.result.ok && s.result.responseUrl && firstUse(s.result.responseUrl) === undefined)
  ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const acks = samples.filter((s) => s.result.ok).map((s) => s.result.latencyMs);
  const firstResponses = samples
    .map((s) => {
      // A response in the ack body itself counts as the first response at ack time.
      const used = firstUse(s.result.responseUrl);
      if (used !== undefined) return used - s.sentAt;
      return s.result.ok && s.result.body && String(s.result.body).length > 2 ? s.result.latencyMs : undefined;
    })
    .filter((v): v is number => v !== undefined);
  return {
    acked: acks.length,
    failedAcks: samples.length - acks.length,
    ackP50Ms: round(median(acks)),
    ackP99Ms: round(percentile(acks, 99)),
    firstResponseP50Ms: round(median(firstResponses)),
    firstResponseP99Ms: round(percentile(firstResponses, 99)),
    responded: firstResponses.length,
    wallMs: Date.now() - started,
  };
}

export async function runAckBenchmark(params: AckBenchParameters = { commands: 1000, concurrency: 50, serviceLatencyMs: 300 }) {
  const serviceEmulator = await startServiceEmulator({ port: 0, faults: { latencyMs: params.serviceLatencyMs } });
  const slack = await startSlackEmulator({ port: 0, rateLimits: 'off', ...SECRETS });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-bench-'));
  const env = {
    SLACK_BOT_TOKEN: SECRETS.botToken,
    SLACK_SIGNING_SECRET: SECRETS.signingSecret,
    SLACK_API_URL: slack.apiUrl,
    SERVICE_BASE_URL: serviceEmulator.url,
    SERVICE_API_KEY: serviceEmulator.apiKey,
    DATA_DIR: dataDir,
  };
  try {
    // The real entry point, in its own process, as production runs it.
    const desk = await spawnApp('src/main.ts', env);
    slack.setRequestUrl(`http://127.0.0.1:${desk.port}/slack/events`);
    // Warm-up: JIT, keep-alive pools.
    await driveCommands(slack, { ...params, commands: 50 });
    const ours = await driveCommands(slack, params);
    await desk.stop();

    const naive = await spawnApp('bench/ack-naive-app.ts', env);
    slack.setRequestUrl(`http://127.0.0.1:${naive.port}/slack/events`);
    await driveCommands(slack, { ...params, commands: 50 });
    const workThenAck = await driveCommands(slack, params);
    await naive.stop();

    const bare = await spawnApp('bench/ack-naive-app.ts', { ...env, ACK_MODE: 'bare' });
    slack.setRequestUrl(`http://127.0.0.1:${bare.port}/slack/events`);
    await driveCommands(slack, { ...params, commands: 50 });
    const bareAck = await driveCommands(slack, params);
    await bare.stop();

    const figures = {
      ackFirst: ours,
      workThenAck,
      bareAckFloor: bareAck,
      ackP50Ratio: round(workThenAck.ackP50Ms / Math.max(ours.ackP50Ms, 0.1), 1),
      ackP99Ratio: round(workThenAck.ackP99Ms / Math.max(ours.ackP99Ms, 0.1), 1),
      firstResponseP50Ratio: round(ours.firstResponseP50Ms / Math.max(workThenAck.firstResponseP50Ms, 0.1), 1),
      goal: { ackP99UnderMs: 50, met: ours.ackP99Ms < 50, slackLimitMs: 3000 },
    };
    const file = await writeResults('ack', { parameters: { ...params }, figures });
    return { figures, file };
  } finally {
    await slack.close();
    await serviceEmulator.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { figures, file } = await runAckBenchmark();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\nwritten to ${file}\n`);
}
