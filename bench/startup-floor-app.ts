/**
 * The start-up floor: a bare Bolt app (HTTP receiver, one command, a /readyz that checks nothing)
 * and nothing of ours, so `startup.bench.ts` can set what loading Bolt and listening costs on
 * this machine against the app's start.
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
  logLevel: LogLevel.ERROR,
  customRoutes: [{ path: '/readyz', method: 'GET', handler: (_req, res) => res.end('{"ok":true}') }],
});
const app = new App({
  token: env('SLACK_BOT_TOKEN'),
  receiver,
  logLevel: LogLevel.ERROR,
  clientOptions: { slackApiUrl: env('SLACK_API_URL') },
});
app.command('/research', async ({ ack }) => {
  await ack();
});
await receiver.start({ port: Number(env('PORT')), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
