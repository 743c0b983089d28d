/**
 * The local playground's peers: the Slack emulator with its page (when there are no Slack
 * credentials) and the demo research service (when there is no SERVICE_BASE_URL). Both keep their
 * state in DATA_DIR/playground/, so stopping and starting `npm start` continues where it was, runs
 * in progress included; "Reset playground" clears it. Only src/main.ts imports this module, and
 * only this module and main.ts import the emulators (.dependency-cruiser.cjs).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/load-config.js';
import { startServiceEmulator, type ServiceEmulator } from '../emulators/service/index.js';
import { startSlackEmulator, type SlackEmulator } from '../emulators/slack/index.js';
import type { Logger } from '../observability/logger.js';
import type { AppDistribution } from '../slack-api/app-distribution.js';
import { clearAppState } from '../store/clear-app-state.js';
import { readOrCreateInstanceId } from '../store/persistent-instance-id.js';
import type { StateStore } from '../store/state-store.js';
import { readSlashCommands } from './read-slash-commands.js';
import { readWorkflowFunctions } from './read-workflow-functions.js';
import { readWorkObjectEntityTypes } from './read-work-object-entity-types.js';
import { preparePlaygroundInstalls, type PlaygroundOAuth } from './playground-installs.js';

export interface PlaygroundOptions {
  config: Config;
  /** Made up per start; they are secrets all the same (the logger redacts them). */
  secrets: { botToken: string; signingSecret: string; clientSecret: string };
  /** The app's store: opened first, as it locks DATA_DIR against a second process. */
  store: StateStore;
  logger: Logger;
  host: string;
}

export interface Playground {
  /** The Slack emulator, when the playground stands in for Slack. */
  slack?: SlackEmulator;
  /** Where people open the playground (http://localhost:PORT). */
  url?: string;
  /** The demo service, when it stands in for the research service. */
  demoService?: ServiceEmulator;
  /** Stable across restarts of the playground, so its runs resume at once (unless INSTANCE_ID is set). */
  instanceId?: string;
  /** Extra domains whose links the app unfurls (the playground's own document pages). */
  documentUrlDomains: string[];
  /** With the demo service: the app installs into the emulator's workspaces through OAuth (playground-installs.ts). */
  oauth?: PlaygroundOAuth;
  /** SLACK_APP_DISTRIBUTION when set: the app's tier and the emulator's, seed and OAuth installs alike. */
  distribution?: AppDistribution;
  close(): Promise<void>;
}

export async function startPlayground(opts: PlaygroundOptions): Promise<Playground> {
  const { config, logger, store } = opts;
  const dir = path.join(config.dataDir, 'playground');
  await mkdir(dir, { recursive: true });
  const closers: Array<() => Promise<unknown>> = [];
  const playground: Playground = {
    documentUrlDomains: [],
    async close() {
      for (const close of closers.reverse()) await close().catch((error: unknown) => logger.warn('closing failed', { error }));
    },
  };

  if (config.slack.mode === 'playground') {
    const { distribution } = config.slack;
    if (distribution) playground.distribution = distribution;
    playground.instanceId = config.instanceId ?? (await readOrCreateInstanceId(path.join(dir, 'instance-id')));
    const demoDomains = config.service.mode === 'demo' ? ['localhost', opts.host] : [];
    const slack = await startSlackEmulator({
      port: config.slack.playgroundPort,
      host: opts.host,
      botToken: opts.secrets.botToken,
      signingSecret: opts.secrets.signingSecret,
      oauth: { clientSecret: opts.secrets.clientSecret },
      // As Slack: the seed bot token is an internal app's, OAuth installs a non-Marketplace app's.
      ...(distribution ? { distribution: { seed: distribution, oauth: distribution } } : {}),
      // The demo service starts after this (it needs the playground's URL for its links).
      pages: (req, res) => playground.demoService?.servePage(req, res) ?? false,
      // Links to these domains unfurl wherever they sit in a message, as the manifest's
      // unfurl_domains do; in the playground that includes its own demo document pages.
      unfurlDomains: [...config.documentUrlDomains, ...demoDomains],
      slashCommands: await readSlashCommands(logger),
      // The app's Workflow Builder steps, and the ready example workflow that uses them.
      workflowFunctions: await readWorkflowFunctions(logger),
      // The Work Object entity types the manifest turns on (features.rich_previews).
      ...(await workObjectTypesOption(logger)),
      exampleWorkflows: true,
      stateFile: path.join(dir, 'slack.json'),
      onStateFileProblem: (error) => logger.warn('playground workspace file', { error: error.message }),
      onReset: async () => {
        await playground.demoService?.reset();
        const clearedKeys = await clearAppState(store);
        // The reset workspace is the seed again: installed and connected.
        await playground.oauth?.seedFirstWorkspace();
        logger.info('playground reset', { clearedKeys });
      },
    });
    closers.push(() => slack.close());
    playground.slack = slack;
    playground.url = slack.url.replace('127.0.0.1', 'localhost');
    slack.setPublicUrl(playground.url);
    playground.documentUrlDomains = demoDomains;
  }

  if (config.service.mode === 'demo') {
    // The demo data end at the start of the chosen day (today by default), so relative windows
    // (`last:90d`) find them and they stay the same all day.
    const dataDate = config.service.dataDate ?? new Date().toISOString().slice(0, 10);
    const demoService = await startServiceEmulator({
      port: 0,
      host: '127.0.0.1',
      agentSpeed: config.service.agentSpeed,
      datasetAnchorMs: Date.parse(`${dataDate}T00:00:00Z`),
      // Links in messages point at pages the playground serves on its fixed port, so they still
      // work after a restart (this service listens on a new port each time).
      ...(playground.url ? { publicUrl: playground.url } : {}),
      stateFile: path.join(dir, 'service.json'),
    });
    closers.push(() => demoService.close());
    playground.demoService = demoService;
    logger.info('using the embedded demo research service', { url: demoService.url, dataDate });
    if (playground.slack && playground.url) {
      playground.oauth = await preparePlaygroundInstalls({
        slack: playground.slack,
        store,
        dir,
        botToken: opts.secrets.botToken,
        demoApiKey: demoService.apiKey,
        ...(config.encryptionKeys ? { encryptionKeys: config.encryptionKeys } : {}),
        publicUrl: playground.url,
      });
      await playground.oauth.seedFirstWorkspace();
    }
  }
  return playground;
}

async function workObjectTypesOption(logger: Logger): Promise<{ workObjectEntityTypes?: string[] }> {
  const types = await readWorkObjectEntityTypes(logger);
  return types === undefined ? {} : { workObjectEntityTypes: types };
}
