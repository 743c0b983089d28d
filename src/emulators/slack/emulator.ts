import type { AddressInfo } from 'node:net';
import type { ActionDeps } from './action-deps.js';
import { resolveConfig } from './config.js';
import { Deliverer } from './delivery/deliverer.js';
import { SocketModeHub } from './delivery/socket-mode-hub.js';
import { clickAction, clickViewAction, closeView, messageShortcut, sendCommand, submitView } from './interactions.js';
import { RateLimiter } from './rate-limits.js';
import { createEmulatorServer } from './server.js';
import { EmulatorState } from './state.js';
import { attachStateFile, type StateFile } from './state-file.js';
import type { SlackEmulator } from './slack-emulator.js';
import type { SlackEmulatorOptions } from './slack-emulator-options.js';
import { postSlackbotMessage } from './other-message-shapes.js';
import { deleteSharedFile, refreshSharedFileUrls, shareFileMessage } from './file-share.js';
import { openAgentView, openHome, postUserMessage, pressStop, sendEvent, shareLink } from './user-events.js';
import { deleteUserMessage, editUserMessage } from './user-message-changes.js';
import { EmulatorUsageError } from './errors.js';
import { waitFor } from './wait-for.js';
import { decideInstall, parseAuthorizeRequest } from './oauth-authorize.js';
import { deliverMetadataPosted } from './metadata-events.js';
import { deliverUninstallEvents, uninstallApp } from './uninstall.js';
import { listWorkspaces } from './workspace-listing.js';
import { teamsOfChannel } from './workspaces.js';
import { startWorkflows } from './workflows/emulator-workflows.js';
import { createEmulatorCanvases } from './canvases/emulator-canvases.js';
import { createEmulatorWorkObjects } from './work-objects/emulator-work-objects.js';

const STREAM_SWEEP_MS = 1000;

/** Starts a Slack emulator on loopback (port 0 by default) and resolves once it listens. */
export async function startSlackEmulator(opts: SlackEmulatorOptions = {}): Promise<SlackEmulator> {
  const config = resolveConfig(opts);
  const state = new EmulatorState(
    config.clock,
    { lifetimeMs: config.streamLifetimeMs, idleMs: config.streamIdleMs, maxChars: config.streamMaxChars },
    config.botName,
    { botToken: config.botToken, scopes: config.botScopes },
    config.oauth.tokenLifetimeS,
  );
  // Restored before the server listens, so no request ever sees the seed workspace first.
  for (const t of opts.refusedBlockTypes ?? []) state.refusedBlockTypes.add(t);
  const stateFile: StateFile | undefined =
    opts.stateFile === undefined
      ? undefined
      : await attachStateFile(state, { file: opts.stateFile, onProblem: opts.onStateFileProblem ?? reportStateFileProblem });
  state.installs.distributions = config.distribution;
  const limiter =
    config.rateLimits === undefined
      ? undefined
      : new RateLimiter(config.rateLimits, config.clock, (key) => state.installs.distributionOfKey(key));
  const hub = new SocketModeHub(state.seed.appId);
  const deliverer = new Deliverer(state, config, hub);
  let baseUrl = '';
  const deps: ActionDeps = { state, config, deliverer, baseUrl: () => baseUrl };
  let emulator: SlackEmulator | undefined;
  const workflows = await startWorkflows(deps, opts);

  const server = createEmulatorServer({
    state,
    hub,
    staticDir: config.staticDir,
    baseUrl: () => baseUrl,
    listenHost: config.host,
    pages: config.pages,
    emulator: () => {
      if (emulator === undefined) throw new Error('emulator not started');
      return emulator;
    },
    webApi: {
      state,
      config,
      limiter,
      baseUrl: () => baseUrl,
      openSocketUrl: () => hub.issueUrl(baseUrl.replace(/^http/, 'ws')),
      onUninstalled: (installation) => {
        // Told after the apps.uninstall answer; delivery outcomes are recorded, never thrown.
        deliverUninstallEvents(deps, installation).catch(reportBackgroundProblem);
      },
      onBotPosted: (message) => {
        // After the chat.postMessage answer, as Slack pushes it; outcomes are recorded, never thrown.
        setImmediate(() => deliverMetadataPosted(deps, message)?.catch(reportBackgroundProblem));
      },
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${config.host}:${address.port}`;
  // Files shared before a restart are served at this address now.
  refreshSharedFileUrls(state, baseUrl);

  // Streams end on their own (lifetime, idle); the sweep makes that visible to the live page.
  const sweep = setInterval(() => {
    for (const id of state.channels.keys()) state.allMessages(id);
  }, STREAM_SWEEP_MS);
  sweep.unref();

  const { seed } = state;
  emulator = {
    url: baseUrl,
    apiUrl: `${baseUrl}/api/`,
    teamId: seed.teamId,
    botUserId: seed.botUserId,
    botId: seed.botId,
    appId: seed.appId,
    botName: config.botName,
    defaultChannelId: seed.defaultChannelId,
    secondChannelId: seed.secondChannelId,
    defaultDmId: seed.defaultDmId,
    defaultUserId: seed.defaultUserId,
    adminUserId: seed.adminUserId,
    slashCommands: config.slashCommands,
    oauth: { clientId: config.oauth.clientId, clientSecret: config.oauth.clientSecret, authorizeUrl: `${baseUrl}/oauth/v2/authorize` },
    approveInstall: async (p) => {
      const request = parseAuthorizeRequest(new URL(p.authorizeUrl).searchParams, config);
      return decideInstall(state, request, {
        ...(p.teamId !== undefined ? { teamId: p.teamId } : {}),
        ...(p.enterpriseId !== undefined ? { enterpriseId: p.enterpriseId } : {}),
        ...(p.userId !== undefined ? { userId: p.userId } : {}),
        ...(p.deny !== undefined ? { deny: p.deny } : {}),
      });
    },
    uninstallApp: (p) => uninstallApp(deps, p),
    setInstallUrl: (url) => {
      config.installUrl = url;
    },
    workspaces: () => listWorkspaces(state, config),
    setRequestUrl: (url) => {
      config.requestUrl = url;
    },
    setPublicUrl: (url) => {
      config.publicUrl = url.replace(/\/+$/, '');
    },
    setDeliveryMode: (mode) => {
      config.deliveryMode = mode;
    },
    setWebApiUnreachable: (unreachable) => {
      config.webApiUnreachable = unreachable;
    },
    setRefusedBlockTypes: (types) => {
      state.refusedBlockTypes.clear();
      for (const t of types) state.refusedBlockTypes.add(t);
    },
    droppedWebApiCalls: () => config.droppedWebApiCalls,
    sendCommand: (p) => sendCommand(deps, p),
    postMessage: (p) => postUserMessage(deps, p),
    editMessage: (p) => editUserMessage(deps, p),
    deleteMessage: (p) => deleteUserMessage(deps, p),
    postSlackbotMessage: (p) => postSlackbotMessage(deps, p),
    shareFile: (p) => shareFileMessage(deps, p),
    deleteFile: (fileId) => deleteSharedFile(deps, fileId),
    fileBytes: (id) => {
      const file = state.files.get(id);
      return file?.contentBase64 === undefined ? undefined : Buffer.from(file.contentBase64, 'base64');
    },
    clickAction: (p) => clickAction(deps, p),
    clickViewAction: (p) => clickViewAction(deps, p),
    submitView: (p) => submitView(deps, p),
    closeView: (p) => closeView(deps, p),
    messageShortcut: (p) => messageShortcut(deps, p),
    sendEvent: (event, o) => sendEvent(deps, event, o),
    openHome: (userId) => openHome(deps, userId),
    openAgentView: (userId) => openAgentView(deps, userId),
    pressStop: (p) => pressStop(deps, p),
    setUserLocale: (userId, locale) => {
      const user = state.users.get(userId);
      if (user === undefined) throw new EmulatorUsageError('user_not_found', `no user ${userId}`);
      user.locale = locale;
    },
    shareLink: (p) => shareLink(deps, p),
    refreshSocketConnections: () => hub.refresh(),
    socketConnectionCount: () => hub.connectionCount,
    pendingEventRetries: () => deliverer.pendingRetries,
    calls: state.calls,
    deliveries: state.deliveries,
    channels: (teamId = seed.teamId) =>
      [...state.channels.values()].filter((c) => teamsOfChannel(c).includes(teamId)).map((c) => ({ ...c })),
    addChannel: (p) => ({ ...state.addChannel(p) }),
    channelMessages: (id) => state.channelMessages(id),
    threadReplies: (id, ts) => state.threadReplies(id, ts),
    ephemeralFor: (userId, channelId) => state.ephemeralFor(userId, channelId),
    feedbackSelection: (p) => {
      const mine = state.findMessage(p.channel_id, p.message_ts)?.feedback?.[p.user_id];
      return p.action_id === undefined ? Object.values(mine ?? {})[0] : mine?.[p.action_id];
    },
    openModals: (userId) => state.openModals(userId ?? seed.defaultUserId),
    views: state.views,
    homeViews: state.homeViews,
    unfurls: state.unfurls,
    files: state.files,
    fileRequests: state.fileRequests,
    fileText: (id) => {
      const content = state.files.get(id)?.contentBase64;
      return content === undefined ? undefined : Buffer.from(content, 'base64').toString('utf8');
    },
    holdFileProcessing: (held) => state.fileProcessing.hold(held),
    pendingFileProcessing: () => state.fileProcessing.pendingCount,
    statuses: state.statuses,
    agentThreads: state.agentView.threads,
    agentSessions: state.agentView.sessions,
    responseUrlFirstUse: (url) => state.responseUrls.get(url.slice(url.lastIndexOf('/') + 1))?.firstUsedAt,
    waitFor: (fn, timeoutMs) => waitFor(state.events, fn, timeoutMs),
    workflows: workflows.api,
    workObjects: createEmulatorWorkObjects(deps),
    canvases: createEmulatorCanvases(state),
    events: state.events,
    reset: async () => {
      state.resetToSeed();
      await stateFile?.flush();
      await opts.onReset?.();
    },
    close: async () => {
      clearInterval(sweep);
      await workflows.close();
      deliverer.close();
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      stateFile?.detach();
      await stateFile?.flush();
    },
  };
  return emulator;
}

function reportBackgroundProblem(error: unknown): void {
  process.stderr.write(`slack emulator: ${error instanceof Error ? error.message : String(error)}\n`);
}

function reportStateFileProblem(error: Error): void {
  process.stderr.write(`slack emulator: ${error.message}\n`);
}
