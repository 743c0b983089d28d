/**
 * Start-up, top to bottom: config → tracing → logger → state store → playground peers (when there are no
 * credentials) → service client → instance id → Slack connection → Research Desk → signals.
 *
 * Without Slack credentials the Slack emulator and its playground page stand in for Slack; without
 * SERVICE_BASE_URL the service emulator and its demo data stand in for the service
 * (src/playground/, loaded only then). The pieces are built in src/composition/. Nothing imports
 * this file.
 *
 * Tracing (OpenTelemetry) starts before anything it watches, and only when an OTLP endpoint is set
 * (src/observability/tracing/); it is the last thing closed, so the spans of the way out are sent.
 */
import os from 'node:os';
import { Closers } from './composition/closers.js';
import { closeOnSignals } from './composition/close-on-signals.js';
import { deskConnectionFromConfig } from './composition/desk-connection-from-config.js';
import { deskSettingsFromConfig } from './composition/desk-settings-from-config.js';
import { exitOnStartupFailure } from './composition/exit-on-startup-failure.js';
import { logUnhandledRejections } from './composition/log-unhandled-rejections.js';
import { createPlaygroundSecrets } from './composition/playground-secrets.js';
import { resolveInstanceId } from './composition/resolve-instance-id.js';
import { processServiceCredentials, serviceClientFactory } from './composition/service-client-factory.js';
import { ConfigError } from './config/config-error.js';
import { type Config, loadConfig } from './config/load-config.js';
import { createLogger } from './observability/logger.js';
import { createDeskMetrics } from './observability/metrics/desk-metrics.js';
import { createRedactor } from './observability/redactor.js';
import { startTracing } from './observability/tracing/start-tracing.js';
import type { Tracing } from './observability/tracing/tracing.js';
import { startResearchDesk } from './research-desk.js';
import { createDrainState } from './slack/app/drain-state.js';
import { createStateStore } from './store/create-state-store.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const tracing = await startTracingOrExit(config);
  const playgroundSecrets = createPlaygroundSecrets();
  const logger = createLogger({
    level: config.logLevel,
    redact: createRedactor([...config.secrets, ...Object.values(playgroundSecrets)]),
    // Tracing off: no trace id to ask for, and the logger does nothing extra.
    ...(tracing.enabled ? { traceId: tracing.traceId } : {}),
  });
  if (tracing.enabled) tracing.logTo(logger);
  const closers = new Closers(logger);
  // Closed last (closers close in reverse): whatever the way out does is exported too.
  closers.add(() => tracing.shutdown());
  const drain = createDrainState();
  // Made before the service client, so its calls are counted and traced as the desk's Slack calls are.
  const metrics = config.metricsPort !== undefined ? createDeskMetrics() : undefined;
  const callObservers = tracing.enabled ? [tracing.callObserver] : [];
  const rejections = logUnhandledRejections(logger);
  const localHost = config.host ?? '127.0.0.1';
  const demo = config.service.mode === 'demo';

  try {
    // First: the embedded store locks DATA_DIR, so a second start on the same DATA_DIR stops here,
    // before the playground reads (and would then overwrite) the first one's state.
    const store = await createStateStore({ ...(config.redis ? { redis: config.redis } : {}), dataDir: config.dataDir, logger });
    closers.add(() => store.close());

    // Loaded only when used: the emulators and their demo data would cost a production start (real
    // Slack, real service) memory and start-up time for nothing.
    const playground =
      config.slack.mode === 'playground' || demo
        ? await (await import('./playground/start-playground.js')).startPlayground({
            config,
            secrets: playgroundSecrets,
            store,
            logger,
            host: localHost,
          })
        : undefined;
    if (playground) closers.add(() => playground.close());
    const demoService = playground?.demoService && { baseUrl: playground.demoService.url, apiKey: playground.demoService.apiKey };

    const serviceClient = serviceClientFactory(config, logger, [...(metrics ? [metrics.callObserver] : []), ...callObservers]);
    const service = serviceClient(processServiceCredentials(config.service, demoService));
    closers.add(() => service.close());

    const instanceId = await resolveInstanceId(config, { playgroundInstanceId: playground?.instanceId, hostname: os.hostname() });
    const slack = playground?.slack
      ? (await import('./playground/playground-connection.js')).playgroundConnection(playground, playgroundSecrets, serviceClient)
      : deskConnectionFromConfig(config, { createService: serviceClient, demoService });

    const desk = await startResearchDesk({
      ...slack,
      ...deskSettingsFromConfig(config, { localHost, playgroundDocumentDomains: playground?.documentUrlDomains ?? [] }),
      service,
      store,
      logger,
      instanceId,
      drain,
      ...(metrics ? { metrics } : {}),
      // The desk adds its metrics' observer to the Slack clients itself.
      callObservers,
      ...(tracing.enabled ? { slackMiddleware: [tracing.slackMiddleware], wrapPhase: tracing.wrapPhase } : {}),
    });
    // Stopping the app (saving offsets, releasing leases) comes before closing what it uses.
    closers.add(() => desk.stop());
    playground?.slack?.setRequestUrl(`http://127.0.0.1:${desk.port}/slack/events`);
    await playground?.oauth?.appStarted(`http://127.0.0.1:${desk.port}`);

    // Measured from process start, so it includes loading the code.
    const readyMs = Math.round(process.uptime() * 1000);
    if (playground?.url) {
      const { playgroundBanner } = await import('./playground/start-banner.js');
      process.stdout.write(playgroundBanner({ playgroundUrl: playground.url, demo, readyMs, appUrl: `http://${localHost}:${desk.port}` }));
    }
    logger.info('ready', {
      readyMs,
      port: desk.port,
      slack: config.slack.mode,
      service: config.service.mode,
      tracing: config.tracing.enabled ? config.tracing.endpointOrigin : 'off',
    });
  } catch (error) {
    rejections.startupFailed();
    await exitOnStartupFailure(error, { config, closers, logger });
  }

  closeOnSignals(closers, logger, { drain, drainDelayMs: config.shutdownDrainMs });
}

/** A wrong variable is one line that names it; nothing else has started yet. */
function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`research-desk: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Tracing asked for but the SDK will not start (a broken install): one line, as for a wrong variable. */
async function startTracingOrExit(config: Config): Promise<Tracing> {
  try {
    return await startTracing(config.tracing);
  } catch (error) {
    process.stderr.write(
      `research-desk: could not start tracing (OTEL_EXPORTER_OTLP_ENDPOINT is set): ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}

void main();
