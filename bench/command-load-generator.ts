/**
 * The command benchmark's load generator, in a process of its own: open-loop, signed /research
 * slash commands at a fixed mean rate (Poisson arrivals), each with a response_url on the Slack
 * stub that names its step and number. Records when each command was sent and when its HTTP 200
 * came back (the ack Slack's 3-second limit applies to). Started with child_process.fork; takes
 * `run` messages, answers `done`.
 */
import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { poissonArrivals } from './lib/arrival-schedule.js';
import type { CommandSample, LoadStep, LoadStepDone } from './lib/command-bench-messages.js';
import { percentile } from './lib/stats.js';

/** Longer than any ack worth quoting; a command still unanswered then counts as failed. */
const ACK_TIMEOUT_MS = 15_000;
const wallNow = (): number => performance.timeOrigin + performance.now();
// No connection cap: an open-loop generator must not queue its own sends.
const agent = new Agent({ keepAliveTimeout: 30_000, headersTimeout: ACK_TIMEOUT_MS, bodyTimeout: ACK_TIMEOUT_MS });

/** The form fields Slack posts for a slash command. @see https://docs.slack.dev/interactivity/implementing-slash-commands */
function commandBody(step: LoadStep, n: number): string {
  return new URLSearchParams({
    token: 'bench-verification-token',
    team_id: 'T0BENCH',
    team_domain: 'bench',
    channel_id: 'C0BENCH',
    channel_name: 'bench',
    user_id: `U0BENCH${n % 50}`,
    user_name: 'bench-user',
    command: '/research',
    text: step.texts[n % step.texts.length] ?? '',
    api_app_id: 'A0BENCH',
    is_enterprise_install: 'false',
    response_url: `${step.responseUrlBase}/${step.step}/${n}`,
    trigger_id: `${n}.bench.trigger`,
  }).toString();
}

/** Slack's v0 signature. @see https://docs.slack.dev/authentication/verifying-requests-from-slack */
function signedHeaders(secret: string, body: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
  return {
    'content-type': 'application/x-www-form-urlencoded',
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': `v0=${signature}`,
  };
}

async function sendCommand(step: LoadStep, n: number, warmup: boolean): Promise<CommandSample> {
  const body = commandBody(step, n);
  const headers = signedHeaders(step.signingSecret, body);
  const sentAt = wallNow();
  try {
    const res = await request(step.targetUrl, { method: 'POST', headers, body, dispatcher: agent });
    const ackedAt = wallNow();
    await res.body.dump();
    return res.statusCode === 200 ? { n, warmup, sentAt, ackedAt } : { n, warmup, sentAt };
  } catch {
    return { n, warmup, sentAt };
  }
}

async function runStep(step: LoadStep): Promise<LoadStepDone> {
  const offsets = poissonArrivals(step.rate, step.warmupMs + step.durationMs, step.seed);
  const pending: Array<Promise<CommandSample>> = [];
  const lags: number[] = [];
  const start = performance.now();
  let next = 0;
  while (next < offsets.length) {
    const elapsed = performance.now() - start;
    for (; next < offsets.length && (offsets[next] ?? 0) <= elapsed; next += 1) {
      lags.push(elapsed - (offsets[next] ?? 0));
      pending.push(sendCommand(step, next, (offsets[next] ?? 0) < step.warmupMs));
    }
    if (next < offsets.length) await delay(Math.max(0, (offsets[next] ?? 0) - (performance.now() - start)));
  }
  return { type: 'done', step: step.step, samples: await Promise.all(pending), sendLagP99Ms: percentile(lags, 99) };
}

process.on('message', (message: LoadStep) => {
  if (message.type !== 'run') return;
  void runStep(message).then((done) => process.send?.(done));
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });
