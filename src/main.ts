/**
 * Start-up: config → service client → state store → Slack connection → Research Desk.
 *
 * Without Slack credentials the Slack emulator and its playground page stand in for Slack; without
 * SERVICE_BASE_URL the service emulator and its demo data stand in for the service. Only this
 * file wires the emulators in; nothing imports it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './observability/logger.js';
import { createRedactor } from './observability/redactor.js';
import { createResearchClient } from './service/research-client.js';
import { clearAppState } from './store/clear-app-state.js';
import { createStateStore } from './store/create-state-store.js';
import type { StateStore } from './store/state-store.js';
import { readOrCreateInstanceId } from './store/persistent-instance-id.js';
import { startResearchDesk } from './research-desk.js';
import { describeStartupFailure } from './startup-failure.js';
import type { SlackConnection } from './slack/app/create-slack-app.js';
import { startServiceEmulator, type ServiceEmulator } from './emulators/service/index.js';
import { startSlackEmulator, type SlackEmulator, type SlashCommandSpec } from './emulators/slack/index.js';

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
  let startupFailed = false;
  process.on('unhandledRejection', (reason) => {
    // After a failed start-up, calls still in flight (Bolt's first auth.test) fail as their peers
    // close: expected, and not worth a stack under the one line that says what to do.
    if (startupFailed) logger.debug('unhandled rejection after a failed start-up', { error: reason });
    else logger.error('unhandled rejection', { error: reason });
  });
  const localHost = config.host ?? '127.0.0.1';

  try {
    // The playground starts first: the demo service's links (documents, conversations) point at
    // pages it serves on its fixed port, so links kept in messages still work after a restart.
    let playground: SlackEmulator | undefined;
    let demoService: ServiceEmulator | undefined;
    let appStore: StateStore | undefined;
    let instanceId = config.instanceId;
    if (config.slack.mode === 'playground') {
      // The playground keeps its workspace here, so a restart continues where it stopped.
      const playgroundDir = path.join(config.dataDir, 'playground');
      await mkdir(playgroundDir, { recursive: true });
      // The same lease holder id on every start: a restarted playground resumes its runs at once.
      instanceId ??= await readOrCreateInstanceId(path.join(playgroundDir, 'instance-id'));
      const slack = await startSlackEmulator({
        port: config.slack.playgroundPort,
        host: localHost,
        botToken: playgroundSecrets.botToken,
        signingSecret: playgroundSecrets.signingSecret,
        pages: (req, res) => demoService?.servePage(req, res) ?? false,
        // Links to these domains unfurl wherever they sit in a message, as the manifest's
        // unfurl_domains do; in the playground that includes its own demo document pages.
        unfurlDomains: config.service.mode === 'demo' ? [...config.documentUrlDomains, 'localhost', localHost] : config.documentUrlDomains,
        slashCommands: await playgroundSlashCommands(logger),
        stateFile: path.join(playgroundDir, 'slack.json'),
        onStateFileProblem: (error) => logger.warn('playground workspace file', { error: error.message }),
        onReset: async () => {
          const clearedKeys = appStore ? await clearAppState(appStore) : 0;
          // TODO(service persistence): await demoService?.reset(); — the demo service's conversations and runs
          logger.info('playground reset', { clearedKeys });
        },
      });
      closers.push(() => slack.close());
      playground = slack;
    }
    const playgroundUrl = playground?.url.replace('127.0.0.1', 'localhost');
    if (playgroundUrl) playground?.setPublicUrl(playgroundUrl);

    let service: ReturnType<typeof createResearchClient>;
    const demo = config.service.mode === 'demo';
    if (config.service.mode === 'demo') {
      // The demo data end at the start of the chosen day (today by default), so relative windows
      // (`last:90d`) find them and they stay the same all day.
      const dataDate = config.service.dataDate ?? new Date().toISOString().slice(0, 10);
      const emulator = await startServiceEmulator({
        port: 0,
        host: '127.0.0.1',
        agentSpeed: config.service.agentSpeed,
        datasetAnchorMs: Date.parse(`${dataDate}T00:00:00Z`),
        ...(playgroundUrl ? { publicUrl: playgroundUrl } : {}),
      });
      demoService = emulator;
      closers.push(() => emulator.close());
      service = createResearchClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, timeoutMs: config.serviceTimeoutMs, logger });
      logger.info('using the embedded demo research service', { url: emulator.url, dataDate });
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

    const store = await createStateStore({ ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}), dataDir: config.dataDir, logger });
    appStore = store;
    closers.push(() => store.close());

    let connection: SlackConnection;
    if (config.slack.mode === 'playground') {
      connection = {
        mode: 'http',
        botToken: playgroundSecrets.botToken,
        signingSecret: playgroundSecrets.signingSecret,
        ...apiUrl(playground?.apiUrl),
      };
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
      // Demo documents in the playground live on its own host: their links unfurl there too.
      documentUrlDomains:
        demo && playgroundUrl ? [...config.documentUrlDomains, new URL(playgroundUrl).hostname] : config.documentUrlDomains,
      agentIdleTimeoutMs: config.agentIdleTimeoutMs,
      runLeaseMs: config.runLeaseMs,
      digestGraceMs: config.digestGraceMs,
      ...(instanceId ? { instanceId } : {}),
      demo,
    });
    // Stopping the app (saving offsets, releasing leases) comes before closing what it uses.
    closers.push(() => desk.stop());
    playground?.setRequestUrl(`http://127.0.0.1:${desk.port}/slack/events`);

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
    const ports = [{ variable: 'PORT', port: config.port }];
    if (config.slack.mode === 'playground') ports.push({ variable: 'PLAYGROUND_PORT', port: config.slack.playgroundPort });
    const fix = describeStartupFailure(error, { ports, dataDir: config.dataDir });
    startupFailed = true;
    if (fix) {
      // A cause the operator can fix is one line that says how. Nothing was served yet, so there
      // is nothing to close: closing peers would only add their own noise (the store's lock is
      // taken over once this process is gone, data-dir-lock.ts).
      process.stderr.write(`research-desk: ${fix}\n`);
      process.exit(1);
    }
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
}

/**
 * The slash commands of manifest.yml, so the playground shows the app's own usage hints and
 * escapes channels as Slack would. Loaded only for the playground: the YAML reader is a
 * development dependency, and without it the page just shows no hints.
 */
async function playgroundSlashCommands(logger: Logger): Promise<SlashCommandSpec[]> {
  const file = fileURLToPath(new URL('../manifest.yml', import.meta.url));
  try {
    const { readManifest } = await import('./doctor/read-manifest.js');
    return (await readManifest(file)).slashCommands;
  } catch (error) {
    logger.warn('playground: slash command hints unavailable (manifest.yml unreadable)', { error });
    return [];
  }
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
