/**
 * The features open no modal of their own: folder deletion is confirmed with buttons on an
 * ephemeral card, and the Home tab's only form (financials) belongs to financials-modal-submit.ts.
 * Kept so views/index.ts has one registrar per feature to call.
 */
import type { App } from '@slack/bolt';
import type { ListenerDeps } from '../listener-deps.js';

export function registerFeatureViews(_app: App, _deps: ListenerDeps): void {
  // Nothing to register (see above).
}
