/** Modal submissions: the only place view callback ids are registered. */
import type { ListenerRegistry } from '../listener-router.js';
import type { ListenerDeps } from '../listener-deps.js';
import { registerFinancialsViews } from './financials-modal-submit.js';
import { registerFeedbackViews } from './feedback-modal-submit.js';
import { registerConnectViews } from './connect-modal-submit.js';

export function registerViews(app: ListenerRegistry, deps: ListenerDeps): void {
  registerFinancialsViews(app, deps);
  registerFeedbackViews(app, deps);
  registerConnectViews(app, deps);
}
