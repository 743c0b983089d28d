/**
 * Start-up: config → state store → playground peers (when there are no credentials) → service
 * client → Slack connection → Research Desk.
 *
 * Without Slack credentials the Slack emulator and its playground page stand in for Slack; without
 * SERVICE_BASE_URL the service emulator and its demo data stand in for the service
 * (src/playground/). Nothing imports this file.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { ConfigError } from './config/config-error.js';
import { loadConfig, type Config } from './config/load-config.js';
import { createLogger, type Logger } from './observability/logger.js';
import { createRedactor } from './observability/redactor.js';
import type { Playground } from './playground/start-playground.js';
import { createResearchClient } from './service/research-client.js';
import { trustedHostsFrom } from './slack/blocks/markdown/present-link.js';
import { createStateStore } from './store/create-state-store.js';
import { defaultInstanceId } from './store/default-instance-id.js';
import { startResearchDesk, type DeskConnection, type ResearchDeskOptions } from './research-desk.js';
import { describeStartupFailure } from './startup-failure.js';

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
    clientSecret: randomBytes(16).toString('hex'),
    stateSecret: randomBytes(24).toString('hex'),
  };
  const logger = createLogger({
    level: config.logLevel,
    redact: createRedactor([...config.secrets, ...Object.values(playgroundSecrets)]),
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
    // First: the embedded store locks DATA_DIR, so a second start on the same DATA_DIR stops here,
    // before the playground reads (and would then overwrite) the first one's state.
    const store = await createStateStore({ ...(config.redis ? { redis: config.redis } : {}), dataDir: config.dataDir, logger });
    closers.push(() => store.close());

    const needsPlayground = config.slack.mode === 'playground' || config.service.mode === 'demo';
    // Loaded only when used: the emulators and their demo data would cost a production start (real
    // Slack, real service) memory and start-up time for nothing.
    const playground = needsPlayground
      ? await (await import('./playground/start-playground.js')).startPlayground({
          config,
          secrets: playgroundSecrets,
          store,
          logger,
          host: localHost,
        })
      : undefined;
    if (playground) closers.push(() => playground.close());
    const playgroundUrl = playground?.url;
    const demo = config.service.mode === 'demo';

    const serviceClient = (credentials: { baseUrl: string; apiKey: string }) =>
      createResearchClient({
        ...credentials,
        ...(config.service.mode !== 'demo' && config.service.agentId ? { agentId: config.service.agentId } : {}),
        timeoutMs: config.serviceTimeoutMs,
        ...(config.serviceMaxConnections !== undefined ? { maxConnections: config.serviceMaxConnections } : {}),
        logger,
      });
    // One service key (SERVICE_API_KEY, or the demo's), or none: each workspace connects its own
    // and this client, without a key, only probes that the service answers.
    const service = serviceClient(
      config.service.mode === 'remote'
        ? { baseUrl: config.service.baseUrl, apiKey: config.service.apiKey }
        : config.service.mode === 'per-workspace'
          ? { baseUrl: config.service.baseUrl, apiKey: 'no-workspace-key' }
          : demoServiceAddress(playground),
    );
    closers.push(() => service.close());

    // Stable across restarts of this replica, so a restart takes its runs back at once rather than
    // after their lease (default-instance-id.ts says why it stays distinct between replicas).
    const instanceId =
      playground?.instanceId ??
      config.instanceId ??
      (await defaultInstanceId({
        store: config.redis ? 'redis' : 'file',
        dataDir: config.dataDir,
        hostname: os.hostname(),
        port: config.port,
        ...(config.host ? { host: config.host } : {}),
      }));

    let connection: DeskConnection;
    let multiWorkspace: ResearchDeskOptions['multiWorkspace'];
    const serviceAccounts = (defaultBaseUrl: string, allowCustomBaseUrl: boolean) => ({
      defaultBaseUrl,
      allowCustomBaseUrl,
      create: serviceClient,
    });
    if (config.slack.mode === 'playground' && playground?.slack && playground.oauth) {
      // The playground installs like a distributed app: its first workspace is installed and
      // connected at start; the others install through the emulator's OAuth pages.
      connection = {
        mode: 'http',
        signingSecret: playgroundSecrets.signingSecret,
        oauth: {
          clientId: playground.oauth.clientId,
          clientSecret: playgroundSecrets.clientSecret,
          stateSecret: playgroundSecrets.stateSecret,
          authorizationUrl: playground.oauth.authorizeUrl,
          homeUrlFor: playground.oauth.homeUrlFor,
        },
        ...apiUrl(playground.slack.apiUrl),
      };
      multiWorkspace = {
        encryptionKeys: playground.oauth.encryptionKeys,
        serviceAccounts: serviceAccounts(demoServiceAddress(playground).baseUrl, false),
      };
    } else if (config.slack.mode === 'playground') {
      connection = {
        mode: 'http',
        botToken: playgroundSecrets.botToken,
        signingSecret: playgroundSecrets.signingSecret,
        ...apiUrl(playground?.slack?.apiUrl),
      };
    } else if ('oauth' in config.slack) {
      connection = { ...config.slack, oauth: config.slack.oauth };
      if (!config.encryptionKeys) throw new Error('SECRETS_ENCRYPTION_KEY is required with SLACK_CLIENT_ID');
      const base = config.service.mode === 'demo' ? demoServiceAddress(playground).baseUrl : config.service.baseUrl;
      multiWorkspace = {
        encryptionKeys: config.encryptionKeys,
        serviceAccounts: serviceAccounts(base, config.service.mode === 'per-workspace' && config.service.allowCustomBaseUrl),
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
      ...(multiWorkspace ? { multiWorkspace } : {}),
      ...(config.service.mode === 'remote' ? { serviceBaseUrl: config.service.baseUrl } : {}),
      port: config.port,
      host: config.slack.mode === 'playground' ? localHost : (config.host ?? '0.0.0.0'),
      service,
      store,
      logger,
      streaming: config.streaming,
      // Demo documents in the playground live on its own host: their links unfurl there too.
      documentUrlDomains: [...config.documentUrlDomains, ...(playground?.documentUrlDomains ?? [])],
      // Links to these keep their label in agent answers; any other shows its real host (present-link.ts).
      trustedLinkHosts: trustedHostsFrom([
        ...config.documentUrlDomains,
        ...(playground?.documentUrlDomains ?? []),
        config.service.mode === 'demo' ? undefined : config.service.baseUrl,
      ]),
      agentIdleTimeoutMs: config.agentIdleTimeoutMs,
      runLeaseMs: config.runLeaseMs,
      digestGraceMs: config.digestGraceMs,
      watchPollMs: config.watchPollMs,
      watchCallsPerMinute: config.watchCallsPerMinute,
      ...(instanceId ? { instanceId } : {}),
      demo,
    });
    // Stopping the app (saving offsets, releasing leases) comes before closing what it uses.
    closers.push(() => desk.stop());
    playground?.slack?.setRequestUrl(`http://127.0.0.1:${desk.port}/slack/events`);
    await playground?.oauth?.appStarted(`http://127.0.0.1:${desk.port}`);

    // Measured from process start, so it includes loading the code.
    const readyMs = Math.round(process.uptime() * 1000);
    if (playgroundUrl) {
      const { playgroundBanner } = await import('./playground/start-banner.js');
      process.stdout.write(playgroundBanner({ playgroundUrl, demo, readyMs, appUrl: `http://${localHost}:${desk.port}` }));
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

function demoServiceAddress(playground: Playground | undefined): { baseUrl: string; apiKey: string } {
  if (!playground?.demoService) throw new Error('the demo service was not started');
  return { baseUrl: playground.demoService.url, apiKey: playground.demoService.apiKey };
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
