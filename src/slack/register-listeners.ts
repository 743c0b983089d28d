/**
 * The composition root of src/slack: every feature slice registers itself, and what one slice
 * offers another (src/slack/kit/feature-hooks.ts) is wired here — the only module that imports
 * more than one slice. Ids registered by the slices are checked against manifest.yml by
 * test/manifest.test.ts.
 */
import type { App } from '@slack/bolt';
import { agentHooks, registerAgent } from './agent/register.js';
import { conceptsHooks, registerConcepts } from './concepts/register.js';
import { financialsHooks, registerFinancials } from './financials/register.js';
import { folderHomeHooks, folderHooks, registerFolders } from './folders/register.js';
import { homeHooks, registerHome } from './home/register.js';
import { registerInstall } from './install/register.js';
import type { FeatureHooks, RegisterSlice, ResearchHandoffs } from './kit/feature-hooks.js';
import type { ListenerDeps } from './kit/listener-deps.js';
import { createListenerRouter, type ListenerRegistry } from './kit/listener-router.js';
import { registerKit } from './kit/register-kit.js';
import { registerResearch, researchHooks } from './research/register.js';
import { registerWatch, watchHooks } from './watch/register.js';
import { agentWorkflowHooks } from './agent/workflow/workflow-agent-hooks.js';
import { registerWorkflows } from './workflows/register.js';

/** The kit first (its events dedupe must see every event before a slice does), then each slice. */
const SLICES: readonly RegisterSlice[] = [
  registerKit,
  registerResearch,
  registerFinancials,
  registerConcepts,
  registerAgent,
  registerHome,
  registerFolders,
  registerWatch,
  registerInstall,
  registerWorkflows,
];

const research: ResearchHandoffs = {
  ask: agentHooks.ask,
  replay: agentHooks.replay,
  folderCreate: folderHooks.folderCreate,
  folderDelete: folderHooks.folderDelete,
  folderShow: folderHooks.folderShow,
  watch: watchHooks.watch,
  watches: watchHooks.watches,
};

export const FEATURE_HOOKS: FeatureHooks = {
  commands: {
    '/research': (deps, ctx) => researchHooks.command(deps, ctx, research),
    '/financials': financialsHooks.command,
    '/concepts': conceptsHooks.command,
  },
  retryableButtons: { ...researchHooks.retryableButtons, ...conceptsHooks.retryableButtons },
  sharedCards: {
    '/research': researchHooks.sharedCard,
    '/financials': financialsHooks.sharedCard,
    '/concepts': conceptsHooks.sharedCard,
  },
  research,
  publishHome: (deps, target, options) => homeHooks.publishHome(deps, target, options, { homeDocuments: folderHomeHooks.homeDocuments }),
  homeDocuments: folderHomeHooks.homeDocuments,
  agentViewOpened: agentHooks.agentViewOpened,
  operations: {
    searchResearch: researchHooks.searchResearch,
    companyFinancials: financialsHooks.companyFinancials,
    trendingConcepts: conceptsHooks.trendingConcepts,
    earningsCalendar: financialsHooks.earningsCalendar,
  },
  askAboutDocument: agentHooks.askAboutDocument,
  workflowAgent: agentWorkflowHooks,
};

export function registerListeners(app: ListenerRegistry, deps: ListenerDeps): void {
  for (const register of SLICES) register(app, deps, FEATURE_HOOKS);
}

/** Registers every listener through the router, which gives Bolt one listener per kind of payload. */
export function installListeners(app: App, deps: ListenerDeps): void {
  const router = createListenerRouter();
  registerListeners(router.registry, deps);
  router.install(app);
}
