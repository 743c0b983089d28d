/** Block actions, grouped by the feature whose cards carry the buttons. */
import type { ListenerRegistry } from '../kit/listener-router.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { registerSearchActions } from '../research/search-actions.js';
import { registerFinancialsActions } from '../financials/financials-actions.js';
import { registerConceptActions } from '../concepts/concept-actions.js';
import { registerAgentActions } from '../agent/agent-actions.js';
import { registerFeatureActions } from '../home/feature-actions.js';
import { registerFeedbackActions } from '../agent/feedback/feedback-actions.js';
import { registerCardShareActions } from '../kit/share/card-share-actions.js';
import { registerExportActions } from '../financials/export-actions.js';
import { registerWatchActions } from '../watch/watch-actions.js';
import { registerChartActions } from '../financials/chart-actions.js';

export function registerActions(app: ListenerRegistry, deps: ListenerDeps): void {
  registerSearchActions(app, deps);
  registerFinancialsActions(app, deps);
  registerConceptActions(app, deps);
  registerAgentActions(app, deps);
  registerFeatureActions(app, deps);
  registerFeedbackActions(app, deps);
  registerCardShareActions(app, deps);
  registerExportActions(app, deps);
  registerWatchActions(app, deps);
  registerChartActions(app, deps);
}
