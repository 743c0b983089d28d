/**
 * Start-up: config → service client → state store → Slack connection → Research Desk.
 *
 * Without Slack credentials the Slack emulator and its playground page stand in for Slack; without
 * SERVICE_BASE_URL the service emulator and its demo data stand in for the service. Only this
 * file wires the emulators in; nothing imports it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './observability/logger.js';
import { createRedactor } from './observability/redactor.js';
import { createResearchClient } from './service/research-client.js';
import { createStateStore } from './store/create-state-store.js';
import { startResearchDesk } from './research-desk.js';
import type { SlackConnection } from './slack/app/create-slack-app.js';
import { startServiceEmulator } from './emulators/service/index.js';
import { startSlackEmulator } from './emulators/slack/index.js';

type Closer = () => Promise<unknown>;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`research-desk: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // Playground credentials are made up per start; they are secrets all the same.
  const playgroundSecrets = {
    botToken: `xoxb-emulator-playground-${randomBytes(12).toString('hex')}`,
    signingSecret: randomBytes(24).toString('hex'),
  };
  const logger = createLogger({
    level: config.logLevel,
    redact: createRedactor([...config.secrets, playgroundSecrets.botToken, playgroundSecrets.signingSecret]),
  });
  const closers: Closer[] = [];
  const localHost = config.host ?? '127.0.0.1';

  try {
    // First: the embedded store locks DATA_DIR, so a second start on the same DATA_DIR stops here,
    // before its demo service reads (and would then overwrite) the first one's playground state.
    const store = await createStateStore({ ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}), dataDir: config.dataDir, logger });
    closers.push(() => store.close());

    let service: ReturnType<typeof createResearchClient>;
    const demo = config.service.mode === 'demo';
    if (config.service.mode === 'demo') {
      // Kept in DATA_DIR, so a restart continues where the last start was (runs included).
      const emulator = await startServiceEmulator({
        port: 0,
        host: '127.0.0.1',
        agentSpeed: config.service.agentSpeed,
        stateFile: path.join(config.dataDir, 'playground', 'service.json'),
      });
      closers.push(() => emulator.close());
      service = createResearchClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, timeoutMs: config.serviceTimeoutMs, logger });
      logger.info('using the embedded demo research service', { url: emulator.url });
    } else {
      service = createResearchClient({
        baseUrl: config.service.baseUrl,
        apiKey: config.service.apiKey,
        ...(config.service.agentId ? { agentId: config.service.agentId } : {}),
        timeoutMs: config.serviceTimeoutMs,
        logger,
      });
    }
    closers.push(() => service.close());

    let connection: SlackConnection;
    let playgroundUrl: string | undefined;
    let setRequestUrl: ((url: string) => void) | undefined;
    if (config.slack.mode === 'playground') {
      const slack = await startSlackEmulator({
        port: config.slack.playgroundPort,
        host: localHost,
        botToken: playgroundSecrets.botToken,
        signingSecret: playgroundSecrets.signingSecret,
      });
      closers.push(() => slack.close());
      connection = {
        mode: 'http',
        botToken: playgroundSecrets.botToken,
        signingSecret: playgroundSecrets.signingSecret,
        apiUrl: slack.apiUrl,
      };
      playgroundUrl = slack.url.replace('127.0.0.1', 'localhost');
      setRequestUrl = (url) => slack.setRequestUrl(url);
    } else if (config.slack.mode === 'socket') {
      connection = { mode: 'socket', botToken: config.slack.botToken, appToken: config.slack.appToken, ...apiUrl(config.slack.apiUrl) };
    } else {
      connection = {
        mode: 'http',
        botToken: config.slack.botToken,
        signingSecret: config.slack.signingSecret,
        ...apiUrl(config.slack.apiUrl),
      };
    }

    const desk = await startResearchDesk({
      connection,
      port: config.port,
      host: config.slack.mode === 'playground' ? localHost : (config.host ?? '0.0.0.0'),
      service,
      store,
      logger,
      streaming: config.streaming,
      documentUrlDomains: config.documentUrlDomains,
      agentIdleTimeoutMs: config.agentIdleTimeoutMs,
      runLeaseMs: config.runLeaseMs,
      digestGraceMs: config.digestGraceMs,
      ...(config.instanceId ? { instanceId: config.instanceId } : {}),
      demo,
    });
    // Stopping the app (saving offsets, releasing leases) comes before closing what it uses.
    closers.push(() => desk.stop());
    setRequestUrl?.(`http://127.0.0.1:${desk.port}/slack/events`);

    // Measured from process start, so it includes loading the code.
    const readyMs = Math.round(process.uptime() * 1000);
    if (playgroundUrl) {
      process.stdout.write(
        `\nResearch Desk playground (demo data${demo ? '' : ', real service'}) is ready in ${readyMs} ms:\n\n  ${playgroundUrl}\n\n` +
          `Try /research 茅台, /financials US:NVDA, /concepts, or "@Research Desk what drives NVDA's margins?"\n` +
          `The app itself listens on http://${localHost}:${desk.port} (/healthz, /readyz). Ctrl+C stops.\n\n`,
      );
    }
    logger.info('ready', { readyMs, port: desk.port, slack: config.slack.mode, service: config.service.mode });
  } catch (error) {
    logger.error('start-up failed', { error });
    await closeAll(closers, logger);
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    void closeAll(closers, logger).then(() => process.exit(0));
    // A shutdown that hangs must not keep a deploy waiting forever.
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('unhandledRejection', (reason) => logger.error('unhandled rejection', { error: reason }));
}

function apiUrl(url: string | undefined): { apiUrl?: string } {
  return url ? { apiUrl: url } : {};
}

async function closeAll(closers: Closer[], logger: Logger): Promise<void> {
  for (const close of closers.reverse()) {
    await close().catch((error: unknown) => logger.warn('closing failed', { error }));
  }
}

void main();
