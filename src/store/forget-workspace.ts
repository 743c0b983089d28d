/**
 * Deletes everything kept for one workspace (runs, threads, subscriptions, digests, folders,
 * watches, feedback, rate windows) and, with `installationId`, its installation and service
 * connection. Only keys under the workspace's own prefixes (keys.ts), so no other workspace's
 * data is touched.
 */
import { installationKeys, keys, workspaceKeyPrefixes, workspaceSingleKeys } from './keys.js';
import type { StateStore } from './state-store.js';

/** Returns how many keys it deleted. */
export async function forgetWorkspaceData(store: StateStore, teamIds: readonly string[], installationId?: string): Promise<number> {
  const installation = installationId ? installationKeys(installationId) : { single: [], prefixes: [] };
  const prefixes = [...teamIds.flatMap(workspaceKeyPrefixes), ...installation.prefixes];
  const matched = await Promise.all(prefixes.map((prefix) => store.keys(prefix)));
  // A workspace of an org is also listed under its org: that entry goes with it.
  const orgEntries = await Promise.all(
    teamIds.map(async (teamId) => {
      const enterpriseId = await store.get(keys.teamOrg(teamId));
      return enterpriseId === null ? [] : [keys.orgTeam(enterpriseId, teamId)];
    }),
  );
  const single = [...teamIds.flatMap(workspaceSingleKeys), ...orgEntries.flat(), ...installation.single];
  const present = await Promise.all(single.map(async (key) => ((await store.get(key)) === null ? [] : [key])));
  const doomed = [...new Set([...matched.flat(), ...present.flat()])];
  for (const key of doomed) await store.delete(key);
  return doomed.length;
}
