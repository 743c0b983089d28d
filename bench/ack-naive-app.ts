/**
 * The alternatives for the ack benchmark, each run as its own process: a Bolt app whose /research
 * handler calls the service first and acks with the answer (the obvious way), or (ACK_MODE=bare)
 * one that acks and does nothing (the floor).
 */
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';
import { createResearchClient } from '../src/service/research-client.js';
import { createLogger } from '../src/observability/logger.js';
import { createRedactor } from '../src/observability/redactor.js';
import { webClientOptions } from '../src/slack-api/create-web-client.js';
import { toBoltLogger } from '../src/slack/app/bolt-logger.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const secrets = [env('SLACK_BOT_TOKEN'), env('SLACK_SIGNING_SECRET'), env('SERVICE_API_KEY')];
const logger = createLogger({ level: 'error', redact: createRedactor(secrets) });
const service = createResearchClient({ baseUrl: env('SERVICE_BASE_URL'), apiKey: env('SERVICE_API_KEY'), logger });
const boltLogger = toBoltLogger(logger, LogLevel.ERROR);
const receiver = new HTTPReceiver({
  signingSecret: env('SLACK_SIGNING_SECRET'),
  endpoints: '/slack/events',
  logger: boltLogger,
  unhandledRequestTimeoutMillis: 10_000,
  customRoutes: [{ path: '/healthz', method: 'GET', handler: (_req, res) => res.end('ok') }],
});
const app = new App({
  token: env('SLACK_BOT_TOKEN'),
  receiver,
  logger: boltLogger,
  clientOptions: webClientOptions({ apiUrl: env('SLACK_API_URL') }),
});
// ACK_MODE=bare acks and does nothing: the floor this machine and Bolt set, for comparison.
const bare = process.env.ACK_MODE === 'bare';
app.command('/research', async ({ ack, command }) => {
  if (bare) {
    await ack();
    return;
  }
  const result = await service.searchV2({ query: command.text, num: 5 });
  await ack({
    response_type: 'ephemeral',
    text: `${result.totalCount} documents: ${result.docs.map((d) => d.title).join('; ')}`.slice(0, 3000),
  });
});
await receiver.start({ port: Number(env('PORT')), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
