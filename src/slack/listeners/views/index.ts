/** Modal submissions: the only place view callback ids are registered. */
import type { App } from '@slack/bolt';
import type { ListenerDeps } from '../listener-deps.js';
import { registerFinancialsViews } from './financials-modal-submit.js';

export function registerViews(app: App, deps: ListenerDeps): void {
  registerFinancialsViews(app, deps);
}
