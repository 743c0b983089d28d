/**
 * Builds and publishes a user's Home tab: this workspace's digest subscriptions, the user's
 * watches (their DM's and the ones they added to channels) and the others' watches in the
 * channels they are in (home-watches.ts), the user's recent agent runs (with links to their threads), the 👍/👎 on answers, the workspace's
 * research-service connection (with its buttons for those who may manage it) and the service status, probed first so
 * the tab shows how the service answers now.
 * @see https://docs.slack.dev/reference/methods/views.publish
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../observability/logger.js';
import type { RecentRun } from '../../store/recent-runs.js';
import type { ServiceStatusSnapshot } from '../kit/service-status.js';
import { renderAppHome, type HomeRun, type ServiceStatus } from './app-home-view.js';
import type { HomeConnection } from './connection-section.js';
import type { HomeTarget } from '../kit/home-target.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { homeWatches } from './home-watches.js';
import { renderExternalUserHome } from './external-access-section.js';
import { homeViewer } from './home-viewer.js';
import { connectionActorOf } from './connection-actor.js';
import type { FeatureHooks } from '../kit/feature-hooks.js';
import type { KnownBlock } from '@slack/types';
import { MCP_TOKEN_LIMITS } from '../../store/mcp-tokens.js';
import type { HomeMcpTokens } from './mcp-token-section.js';

/** Sections other slices render on the tab (research folders), asked through the hooks. */
export type HomeSections = Partial<Pick<FeatureHooks, 'homeDocuments'>>;

/** The Home tab must not wait long on a slow service: its status says so instead. */
const PROBE_TIMEOUT_MS = 2_500;

export interface PublishHomeOptions {
  /** Why the user's last change to the connection was refused: shown in its section. */
  connectionNotice?: string;
  /** Why the user's last click elsewhere on Home was refused: shown at the top. */
  notice?: string;
}

export async function publishAppHome(
  deps: ListenerDeps,
  target: HomeTarget,
  options: PublishHomeOptions = {},
  sections: HomeSections = {},
): Promise<void> {
  // A user of another organisation (Slack Connect) sees none of the workspace's data.
  const viewer = await homeViewer(deps, target);
  if (viewer.refusal !== undefined) {
    await target.client.views.publish({ user_id: target.userId, view: renderExternalUserHome(viewer.refusal) });
    return;
  }
  const [subscriptions, runs, status, workspaceUrl, feedback, watches, connection, documents, mcpTokens] = await Promise.all([
    deps.stores.subscriptions.listForTeam(target.teamId),
    recentRunsWithStatus(deps, target),
    probeStatus(deps, target.log),
    workspaceBaseUrl(target.client, target.log),
    deps.stores.feedback.totals(target.teamId).catch((error: unknown) => {
      target.log.warn('feedback totals unavailable for App Home', { error });
      return undefined;
    }),
    deps.stores.watches.listForTeam(target.teamId).then(
      (all) => homeWatches(target.client, target.userId, all, target.log),
      (error: unknown) => {
        target.log.warn('watches unavailable for App Home', { error });
        return undefined;
      },
    ),
    homeConnection(deps, target, options.connectionNotice).catch((error: unknown) => {
      target.log.warn('connection unavailable for App Home', { error });
      return undefined;
    }),
    homeDocuments(deps, target, sections, viewer.isAdmin),
    homeMcpTokens(deps, target, viewer.isAdmin),
  ]);
  const view = renderAppHome({
    subscriptions,
    recentRuns: runs.map((run) => withPermalink(run, workspaceUrl)),
    status,
    ...(feedback ? { feedback } : {}),
    ...(watches ? { watches: watches.own, channelWatches: watches.inChannels } : {}),
    ...(connection ? { connection } : {}),
    ...(documents ? { documents } : {}),
    externalAccess: viewer.externalAccess,
    ...(mcpTokens ? { mcpTokens } : {}),
    ...(options.notice ? { notice: options.notice } : {}),
  });
  await target.client.views.publish({ user_id: target.userId, view });
}

/** The research-folders section (members of the installing organisation only: the caller checked). */
async function homeDocuments(deps: ListenerDeps, target: HomeTarget, sections: HomeSections, isAdmin: boolean) {
  if (!sections.homeDocuments) return undefined;
  return sections.homeDocuments(deps, { teamId: target.teamId, userId: target.userId, isAdmin }).catch((error: unknown): undefined => {
    target.log.warn('research folders unavailable for App Home', { error });
    return undefined;
  }) as Promise<KnownBlock[] | undefined>;
}

/** The *MCP clients* section: the workspace's tokens for its admins and owners, a note for everyone else. */
async function homeMcpTokens(deps: ListenerDeps, target: HomeTarget, isAdmin: boolean): Promise<HomeMcpTokens | undefined> {
  if (!isAdmin) return { mayManage: false };
  try {
    return { mayManage: true, tokens: await deps.stores.mcpTokens.list(target.teamId), limit: MCP_TOKEN_LIMITS.perWorkspace };
  } catch (error) {
    target.log.warn('MCP tokens unavailable for App Home', { error });
    return undefined;
  }
}

/** The workspace's connection, whose it is and whether this user may change it (multi mode only). */
async function homeConnection(deps: ListenerDeps, target: HomeTarget, notice: string | undefined): Promise<HomeConnection> {
  if (deps.workspaces.mode === 'single') return { mode: 'single' };
  const actor = await connectionActorOf(target);
  const [connection, rights] = await Promise.all([
    deps.workspaces.connection(target.workspace),
    deps.workspaces.connectionRights(target.workspace, actor),
  ]);
  return {
    mode: 'multi',
    mayManage: rights.mayManage,
    owner: rights.owner,
    ...(connection ? { connection } : {}),
    ...(notice ? { notice } : {}),
  };
}

async function recentRunsWithStatus(deps: ListenerDeps, target: HomeTarget): Promise<Array<RecentRun & { status: HomeRun['status'] }>> {
  const recent = await deps.stores.recentRuns.list(target.teamId, target.userId);
  return Promise.all(
    recent.map(async (run) => {
      // The run record has the live status; the recent-runs entry only what it was when recorded.
      const record = await deps.stores.runs
        .get(run.runId)
        .catch((error: unknown) => target.log.warn('run status unavailable for App Home', { runId: run.runId, error }));
      return { ...run, status: record?.status ?? run.status ?? 'starting' };
    }),
  );
}

async function probeStatus(deps: ListenerDeps, log: Logger): Promise<ServiceStatus> {
  try {
    await deps.serviceStatus.probe({ signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), correlationId: 'app-home' });
  } catch (error) {
    log.info('service probe for App Home failed', { error: error });
  }
  return toHomeStatus(deps.serviceStatus.snapshot());
}

export function toHomeStatus(snapshot: ServiceStatusSnapshot): ServiceStatus {
  const status: ServiceStatus = { reachable: snapshot.reachable === true };
  if (snapshot.lastLatencyMs !== undefined) status.latencyMs = snapshot.lastLatencyMs;
  if (snapshot.lastCheckedAtMs !== undefined) status.checkedAtMs = snapshot.lastCheckedAtMs;
  if (snapshot.lastError) status.lastError = `${snapshot.lastError.kind} at ${new Date(snapshot.lastError.atMs).toISOString()}`;
  return status;
}

/** `https://<workspace>.slack.com/` from auth.test, for thread permalinks; undefined when unknown. */
async function workspaceBaseUrl(client: WebClient, log: Logger): Promise<string | undefined> {
  try {
    const res = await client.auth.test();
    return typeof res.url === 'string' && isWorkspaceUrl(res.url) ? res.url : undefined;
  } catch (error) {
    log.info('auth.test failed; Home runs are shown without links', { error: error });
    return undefined;
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Slack's workspace URLs are https; the local playground, on this machine only, is plain http. */
export function isWorkspaceUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname));
  } catch {
    return false;
  }
}

/** Slack's permalink shape for a thread reply: /archives/<channel>/p<ts without dot>. */
function withPermalink(run: RecentRun & { status: HomeRun['status'] }, baseUrl: string | undefined): HomeRun {
  const home: HomeRun = { runId: run.runId, question: run.question, status: run.status, startedAtMs: run.startedAtMs };
  if (baseUrl && /^[CDG][A-Z0-9]+$/.test(run.channelId) && /^\d+\.\d+$/.test(run.threadTs)) {
    const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
    home.permalink = `${base}archives/${run.channelId}/p${run.threadTs.replace('.', '')}`;
  }
  return home;
}
