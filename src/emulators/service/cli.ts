/**
 * `npm run emulator`: the service emulator on PORT (default 8787).
 * Variables: PORT, SERVICE_EMULATOR_KEY (default demo-key), EMULATOR_HOST (127.0.0.1),
 * EMULATOR_VARIANT (legacy|schema|latest|published, default latest), EMULATOR_AGENT_SPEED (default 1),
 * EMULATOR_DATA_DATE (the day the demo data end on, YYYY-MM-DD; default today),
 * and the fault switches (all off by default): EMULATOR_LATENCY_MS, EMULATOR_ERROR_RATE (0..1),
 * EMULATOR_RATE_LIMIT_EVERY, EMULATOR_RETRY_AFTER_SECONDS (1), EMULATOR_DROP_STREAM_AFTER,
 * EMULATOR_MALFORMED_EVERY, EMULATOR_DUPLICATE_EVERY, EMULATOR_REORDER_EVERY, EMULATOR_SKIP_LIVE_EVERY,
 * EMULATOR_UNANSWERED_CHATS.
 * EMULATOR_STATE_FILE (a JSON file path) keeps
 * folders, conversations and runs across restarts; a run interrupted by one goes on.
 */
import { EnvConfigError, optionsFromEnv } from './emulator-env.js';
import { startServiceEmulator } from './index.js';

async function main(): Promise<void> {
  let options: ReturnType<typeof optionsFromEnv>;
  try {
    options = optionsFromEnv(process.env);
  } catch (err) {
    if (err instanceof EnvConfigError) {
      process.stderr.write(`service emulator: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const emulator = await startServiceEmulator(options);
  const keyNote = options.apiKey === 'demo-key' ? 'demo-key' : '(from SERVICE_EMULATOR_KEY)';
  process.stdout.write(
    `Financial Research Data Service emulator listening on ${emulator.url}\n` +
      `  API key: ${keyNote}\n` +
      `  variant: ${options.variant}, agent speed: ${options.agentSpeed}x, data up to ${new Date(options.datasetAnchorMs ?? 0).toISOString().slice(0, 10)}${options.stateFile ? `, state kept in ${options.stateFile}` : ''}\n` +
      `  try: curl -s -H 'Authorization: Bearer ${keyNote === 'demo-key' ? 'demo-key' : '<key>'}' -H 'Content-Type: application/json' -d '{"query":"茅台"}' ${emulator.url}/v2/search\n`,
  );
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`service emulator: ${signal}, shutting down\n`);
    void emulator.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
