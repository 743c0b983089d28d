/**
 * The floor of the benchmarks (issue 33): a bare Bolt app that does for /research what the app
 * must do and nothing more, built the cheapest correct way. It imports nothing of ours, so it
 * measures no code of ours; the start-up and idle-memory measures run it too.
 *
 * - Bolt's own HTTPReceiver with the app's options (src/slack/app/create-slack-app.ts:
 *   processBeforeResponse false, unhandledRequestTimeoutMillis 2500, /healthz and /readyz): the
 *   signature check and the ack cost what they cost the app.
 * - `convoStore: false`: no listener reads context.conversation, and Bolt's default store looks
 *   every request up and builds an Error for each miss.
 * - The same service request as the app's (POST /v2/search, `{"query","num":5}`, the same four
 *   headers) through undici's request() on one keep-alive Agent (HTTP/1.1, `allowH2: false`, as the
 *   app's): the global fetch builds Request/Response objects and web streams around the same undici
 *   core. The body is read in full (a body left unread holds its connection) and the status checked.
 * - One fixed card, the app's real card for this search (bench/fixtures/research-card.json,
 *   captured byte for byte), stringified once at start and posted to the command's response_url
 *   with request() on the same Agent: rendering it is the app's cost, sending its bytes is the floor's.
 * - No logging below ERROR, no store, no timers of its own.
 *
 * Kept for comparison (the floors the project measured against before issue 33):
 * - BENCH_FLOOR_MODE=respond: Bolt's respond() (the global fetch) with a fixed text, the service
 *   called with the global fetch, Bolt's default conversation store;
 * - BENCH_FLOOR_SKIP_SERVICE=1: no service call (in either mode), only the ack and the post.
 *
 * Env: PORT, SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET, SLACK_API_URL (ending in /), and optionally
 * SERVICE_BASE_URL with SERVICE_API_KEY.
 */
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';
import { Agent, request } from 'undici';
import researchCard from './fixtures/research-card.json' with { type: 'json' };

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const mode = process.env.BENCH_FLOOR_MODE ?? 'cheapest';
if (mode !== 'cheapest' && mode !== 'respond') throw new Error(`BENCH_FLOOR_MODE must be cheapest or respond, not ${mode}`);
const serviceUrl =
  process.env.SERVICE_BASE_URL && process.env.BENCH_FLOOR_SKIP_SERVICE !== '1' ? `${process.env.SERVICE_BASE_URL}/v2/search` : undefined;
const apiKey = serviceUrl ? env('SERVICE_API_KEY') : '';
/** The headers src/service/request.ts sends with a JSON call. */
const serviceHeaders = {
  authorization: `Bearer ${apiKey}`,
  'content-type': 'application/json',
  accept: 'application/json',
  'user-agent': 'research-desk',
};
const CARD = JSON.stringify(researchCard);
const CARD_HEADERS = { 'content-type': 'application/json' };
const agent = new Agent({ allowH2: false });

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
  ...(mode === 'cheapest' ? { convoStore: false as const } : {}),
});

/** POSTs `body` on the floor's Agent, reads the answer in full and insists on a 2xx. */
async function post(url: string, headers: Record<string, string>, body: string): Promise<string> {
  const res = await request(url, { method: 'POST', headers, body, dispatcher: agent });
  const text = await res.body.text();
  if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`POST ${url} answered ${res.statusCode}`);
  return text;
}

if (mode === 'cheapest') {
  app.command('/research', async ({ ack, command }) => {
    await ack();
    if (serviceUrl) await post(serviceUrl, serviceHeaders, JSON.stringify({ query: command.text, num: 5 }));
    await post(command.response_url, CARD_HEADERS, CARD);
  });
} else {
  app.command('/research', async ({ ack, command, respond }) => {
    await ack();
    if (serviceUrl) {
      const res = await fetch(serviceUrl, {
        method: 'POST',
        headers: { authorization: serviceHeaders.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ query: command.text, num: 5 }),
      });
      await res.text();
    }
    await respond({ response_type: 'ephemeral', text: 'Five documents found.' });
  });
}

await receiver.start({ port: Number(env('PORT')), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
