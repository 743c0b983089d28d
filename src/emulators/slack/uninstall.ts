import type { ActionDeps } from './action-deps.js';
import { scopeWith } from './delivery/payloads.js';
import { EmulatorUsageError } from './errors.js';
import type { Installation } from './installations.js';
import type { DeliveryResult } from './delivery/delivery-record.js';
import { sendEvent } from './user-events.js';

/**
 * After an installation is removed: `tokens_revoked` (the bot user's id, never a token) then
 * `app_uninstalled`, each if the app subscribes to it, addressed to the installation that was
 * (team_id the workspace, or the enterprise id for an org-wide one).
 * @see https://docs.slack.dev/reference/events/tokens_revoked
 * @see https://docs.slack.dev/reference/events/app_uninstalled
 */
export async function deliverUninstallEvents(deps: ActionDeps, installation: Installation): Promise<DeliveryResult[]> {
  const scope = scopeWith(installation.teamId ?? installation.key, installation);
  const results: DeliveryResult[] = [];
  if (deps.config.subscribedEvents.has('tokens_revoked')) {
    results.push(await sendEvent(deps, { type: 'tokens_revoked', tokens: { bot: [installation.bot.userId] } }, { scope }));
  }
  if (deps.config.subscribedEvents.has('app_uninstalled')) {
    results.push(await sendEvent(deps, { type: 'app_uninstalled' }, { scope }));
  }
  return results;
}

/** An admin removes the app in Slack's UI: the installation's tokens stop working, then the app is told. */
export async function uninstallApp(deps: ActionDeps, p: { teamId: string } | { enterpriseId: string }): Promise<DeliveryResult[]> {
  const key = 'teamId' in p ? p.teamId : p.enterpriseId;
  const removed = deps.state.installs.uninstall(key);
  if (removed === undefined) throw new EmulatorUsageError('not_installed', `the app has no installation for ${key}`);
  deps.state.changed({ kind: 'app_uninstalled' });
  return deliverUninstallEvents(deps, removed);
}
