/**
 * Which workspaces an org-wide installation serves, learnt from their requests: background work
 * (digests, watches, runs) names only a team id and finds the org's installation through it, and
 * uninstalling the org forgets each of them.
 *
 * The store alone says what is recorded: no process-local memo, since another replica's uninstall
 * or a Redis that lost its data deletes a pair this process wrote, and a memo would then never
 * write it again (the workspace's watches would skip every poll; its next uninstall would miss it).
 * A stored pair costs one read and one SET NX per request, and no write.
 */
import { keys } from './keys.js';
import type { StateStore } from './state-store.js';

export class OrgWorkspaces {
  constructor(private readonly store: StateStore) {}

  async record(enterpriseId: string, teamId: string): Promise<void> {
    const [current] = await Promise.all([
      this.store.get(keys.teamOrg(teamId)),
      // Stryker disable next-line StringLiteral: equivalent, a pair's value is never read, only its key (teamsOf).
      this.store.setIfAbsent(keys.orgTeam(enterpriseId, teamId), '1'),
    ]);
    if (current === enterpriseId) return;
    await this.store.set(keys.teamOrg(teamId), enterpriseId);
    // A workspace moved to another org leaves the old org's list, so that org's uninstall spares it.
    if (current !== null) await this.store.delete(keys.orgTeam(current, teamId));
  }

  async orgOf(teamId: string): Promise<string | undefined> {
    return (await this.store.get(keys.teamOrg(teamId))) ?? undefined;
  }

  async teamsOf(enterpriseId: string): Promise<string[]> {
    const prefix = keys.orgTeamPrefix(enterpriseId);
    return (await this.store.keys(prefix)).map((key) => key.slice(prefix.length));
  }

  /** Nothing to do: the uninstall deleted the stored pairs (forget-workspace.ts), and nothing else holds them. */
  forget(_enterpriseId: string, _teamId: string): void {}
}
