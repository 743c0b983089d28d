/**
 * Registers every listener. Each kind's folder has an index.ts that is the only place its ids are
 * registered; test/manifest.test.ts checks them against manifest.yml.
 */
import type { App } from '@slack/bolt';
import { createListenerRouter, type ListenerRegistry } from './kit/listener-router.js';
import type { ListenerDeps } from './kit/listener-deps.js';
import { registerCommands } from './registration/commands.js';
import { registerActions } from './registration/actions.js';
import { registerViews } from './registration/views.js';
import { registerEvents } from './registration/events.js';
import { registerShortcuts } from './registration/shortcuts.js';
import { dedupeEventsMiddleware } from './kit/dedupe-events-middleware.js';

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
