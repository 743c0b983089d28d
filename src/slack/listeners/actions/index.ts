/** Block actions, grouped by the feature whose cards carry the buttons. */
import type { ListenerRegistry } from '../listener-router.js';
import type { ListenerDeps } from '../listener-deps.js';
import { registerSearchActions } from './search-actions.js';
import { registerFinancialsActions } from './financials-actions.js';
import { registerConceptActions } from './concept-actions.js';
import { registerAgentActions } from './agent-actions.js';
import { registerFeatureActions } from './feature-actions.js';
import { registerFeedbackActions } from './feedback-actions.js';
import { registerCardShareActions } from './card-share-actions.js';
import { registerExportActions } from './export-actions.js';
import { registerWatchActions } from './watch-actions.js';
import { registerChartActions } from './chart-actions.js';

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
