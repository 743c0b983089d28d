/** Message shortcuts: the only place their callback ids are registered (see manifest.yml). */
import type { App } from '@slack/bolt';
import type { ListenerDeps } from '../listener-deps.js';
import { registerMessageShortcuts } from './message-shortcuts.js';

export function registerShortcuts(app: App, deps: ListenerDeps): void {
  registerMessageShortcuts(app, deps);
}
