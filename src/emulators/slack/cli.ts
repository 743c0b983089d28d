import { startSlackEmulator } from './emulator.js';

/**
 * `npm run slack-emulator`: PORT (default 3100), APP_REQUEST_URL, SLACK_EMULATOR_DELIVERY=http|socket,
 * SLACK_EMULATOR_REFUSED_BLOCKS=data_visualization,data_table (block types answered with
 * `invalid_blocks`, as in a workspace where they have not rolled out: tries the app's fallbacks).
 */
const port = Number.parseInt(process.env.PORT ?? '3100', 10);
const requestUrl = process.env.APP_REQUEST_URL;
const deliveryMode = process.env.SLACK_EMULATOR_DELIVERY === 'socket' ? 'socket' : 'http';
const refusedBlockTypes = (process.env.SLACK_EMULATOR_REFUSED_BLOCKS ?? '')
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);
const emulator = await startSlackEmulator({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  deliveryMode,
  ...(requestUrl ? { requestUrl } : {}),
  ...(process.env.SLACK_SIGNING_SECRET ? { signingSecret: process.env.SLACK_SIGNING_SECRET } : {}),
  ...(process.env.SLACK_BOT_TOKEN ? { botToken: process.env.SLACK_BOT_TOKEN } : {}),
  ...(process.env.SLACK_APP_TOKEN ? { appToken: process.env.SLACK_APP_TOKEN } : {}),
  ...(process.env.SLACK_EMULATOR_RATE_LIMITS === 'off' ? { rateLimits: 'off' as const } : {}),
  ...(refusedBlockTypes.length > 0 ? { refusedBlockTypes } : {}),
});
process.stdout.write(
  `${JSON.stringify({ msg: 'slack emulator listening', url: emulator.url, apiUrl: emulator.apiUrl, deliveryMode, requestUrl: requestUrl ?? null })}\n`,
);
const shutdown = (): void => {
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
