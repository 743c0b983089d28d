/**
 * Deletes everything kept for one workspace (runs, threads, conversations, question queues,
 * subscriptions, digests, folders, watches, feedback, rate windows, external access, org
 * membership) and, with `installationId`, its installation and service connection. Only keys
 * under the workspace's own prefixes (keys.ts), and the legacy conversations whose value names
 * it, so no other workspace's data is touched. Then the store compacts, so no deleted value stays
 * at rest (the file store's journal); test/store/forget-workspace.test.ts covers every key family.
 */
import {
  isLegacyConversationKey,
  installationKeys,
  keys,
  legacyConversationPrefix,
  workspaceKeyPrefixes,
  workspaceSingleKeys,
} from './keys.js';
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
  const legacy = await legacyConversationsOf(store, teamIds);
  const doomed = [...new Set([...matched.flat(), ...present.flat(), ...legacy])];
  for (const key of doomed) await store.delete(key);
  await store.compact?.();
  return doomed.length;
}

/** The `conv:{conversationId}` keys (before the team was in the key) whose owner is one of `teamIds`. */
async function legacyConversationsOf(store: StateStore, teamIds: readonly string[]): Promise<string[]> {
  const candidates = (await store.keys(legacyConversationPrefix)).filter(isLegacyConversationKey);
  const owned = await Promise.all(
    candidates.map(async (key) => {
      const value = await store.get(key);
      return value !== null && teamIds.includes(ownerTeamOf(value) ?? '') ? [key] : [];
    }),
  );
  return owned.flat();
}

/** The owner's team in a stored conversation owner ({teamId, channelId, threadTs}); undefined when unreadable. */
function ownerTeamOf(value: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && 'teamId' in parsed && typeof parsed.teamId === 'string'
      ? parsed.teamId
      : undefined;
  } catch {
    // Not JSON: a value no version wrote as an owner, so it names no workspace to forget.
    return undefined;
  }
}
