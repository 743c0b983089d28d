/** Modal submissions: the only place view callback ids are registered. */
import type { ListenerRegistry } from '../kit/listener-router.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { registerFinancialsViews } from '../financials/modal/financials-modal-submit.js';
import { registerFeedbackViews } from '../agent/feedback/feedback-modal-submit.js';
import { registerConnectViews } from '../home/connect-modal-submit.js';

export function registerViews(app: ListenerRegistry, deps: ListenerDeps): void {
  registerFinancialsViews(app, deps);
  registerFeedbackViews(app, deps);
  registerConnectViews(app, deps);
}
