/**
 * Registers every listener. Each kind's folder has an index.ts that is the only place its ids are
 * registered; test/manifest.test.ts checks them against manifest.yml.
 */
import type { App } from '@slack/bolt';
import { createListenerRouter, type ListenerRegistry } from './listener-router.js';
import type { ListenerDeps } from './listener-deps.js';
import { registerCommands } from './commands/index.js';
import { registerActions } from './actions/index.js';
import { registerViews } from './views/index.js';
import { registerEvents } from './events/index.js';
import { registerShortcuts } from './shortcuts/index.js';
import { dedupeEventsMiddleware } from './dedupe-events-middleware.js';

export function registerListeners(app: ListenerRegistry, deps: ListenerDeps): void {
  app.use(dedupeEventsMiddleware(deps));
  registerCommands(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  registerEvents(app, deps);
  registerShortcuts(app, deps);
}

/** Registers every listener through the router, which gives Bolt one listener per kind of payload. */
export function installListeners(app: App, deps: ListenerDeps): void {
  const router = createListenerRouter();
  registerListeners(router.registry, deps);
  router.install(app);
}
