/**
 * The floor of the benchmarks: a bare Bolt app on the same HTTPReceiver, with the same options, as
 * the app (src/slack/app/create-slack-app.ts). Its /research acks and posts a fixed answer to the
 * command's response_url; with SERVICE_BASE_URL set (the command benchmark) it first makes the
 * same service call the obvious way (fetch, body read and dropped), so "first response minus the
 * service's latency" means the same for the app and the floor. No logging, no rendering, no
 * store: what Bolt and Node cost on this machine for the same exchange. It imports nothing of
 * ours, so it measures no code of ours. The start-up and idle-memory measures run it too.
 *
 * Env: PORT, SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET, SLACK_API_URL (ending in /), and optionally
 * SERVICE_BASE_URL with SERVICE_API_KEY (BENCH_FLOOR_SKIP_SERVICE=1 leaves the call out all the same).
 */
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const serviceUrl =
  process.env.SERVICE_BASE_URL && process.env.BENCH_FLOOR_SKIP_SERVICE !== '1' ? `${process.env.SERVICE_BASE_URL}/v2/search` : undefined;
const serviceHeaders: Record<string, string> = serviceUrl
  ? { authorization: `Bearer ${env('SERVICE_API_KEY')}`, 'content-type': 'application/json' }
  : {};

const receiver = new HTTPReceiver({
  signingSecret: env('SLACK_SIGNING_SECRET'),
  endpoints: '/slack/events',
  processBeforeResponse: false,
  unhandledRequestTimeoutMillis: 2500,
  logLevel: LogLevel.ERROR,
  customRoutes: [
    { path: '/healthz', method: 'GET', handler: (_req, res) => res.end('ok') },
    { path: '/readyz', method: 'GET', handler: (_req, res) => res.end('{"ok":true}') },
  ],
});
const app = new App({
  token: env('SLACK_BOT_TOKEN'),
  receiver,
  logLevel: LogLevel.ERROR,
  clientOptions: { slackApiUrl: env('SLACK_API_URL') },
});

app.command('/research', async ({ ack, command, respond }) => {
  await ack();
  if (serviceUrl) {
    const res = await fetch(serviceUrl, { method: 'POST', headers: serviceHeaders, body: JSON.stringify({ query: command.text, num: 5 }) });
    await res.text();
  }
  await respond({ response_type: 'ephemeral', text: 'Five documents found.' });
});

await receiver.start({ port: Number(env('PORT')), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
