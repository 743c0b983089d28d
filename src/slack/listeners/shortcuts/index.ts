/** Message shortcuts: the only place their callback ids are registered (see manifest.yml). */
import type { ListenerRegistry } from '../listener-router.js';
import type { ListenerDeps } from '../listener-deps.js';
import { registerMessageShortcuts } from './message-shortcuts.js';

export function registerShortcuts(app: ListenerRegistry, deps: ListenerDeps): void {
  registerMessageShortcuts(app, deps);
}
