/**
 * The floor for idle memory: a bare Bolt app on the same HTTPReceiver that acks /research and
 * posts a fixed answer, with nothing of ours loaded. Bundled by bench/idle-rss.measure.ts (its
 * packages stay external) and run with plain node, as production runs the app.
 */
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const receiver = new HTTPReceiver({
  signingSecret: env('SLACK_SIGNING_SECRET'),
  endpoints: '/slack/events',
  customRoutes: [{ path: '/healthz', method: 'GET', handler: (_req, res) => res.end('ok') }],
});
const app = new App({
  token: env('SLACK_BOT_TOKEN'),
  receiver,
  logLevel: LogLevel.ERROR,
  clientOptions: { slackApiUrl: env('SLACK_API_URL') },
});
app.command('/research', async ({ ack, respond }) => {
  await ack();
  await respond({ response_type: 'ephemeral', text: 'A fixed answer.' });
});
await receiver.start({ port: Number(env('PORT')), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
