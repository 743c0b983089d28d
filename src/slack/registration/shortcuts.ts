/** Message shortcuts: the only place their callback ids are registered (see manifest.yml). */
import type { ListenerRegistry } from '../kit/listener-router.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { registerMessageShortcuts } from '../research/shortcuts/message-shortcuts.js';

export function registerShortcuts(app: ListenerRegistry, deps: ListenerDeps): void {
  registerMessageShortcuts(app, deps);
}
