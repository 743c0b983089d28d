/**
 * Which workspaces an org-wide installation serves, learnt from their requests: background work
 * (digests, watches, runs) names only a team id and finds the org's installation through it, and
 * uninstalling the org forgets each of them.
 */
import { keys } from './keys.js';
import type { StateStore } from './state-store.js';

export class OrgWorkspaces {
  /** Pairs recorded by this process, so a busy workspace writes its pair once, not per request. */
  private readonly seen = new Set<string>();

  constructor(private readonly store: StateStore) {}

  async record(enterpriseId: string, teamId: string): Promise<void> {
    const pair = `${enterpriseId}:${teamId}`;
    if (this.seen.has(pair)) return;
    await this.store.set(keys.teamOrg(teamId), enterpriseId);
    await this.store.set(keys.orgTeam(enterpriseId, teamId), '1');
    this.seen.add(pair);
  }

  async orgOf(teamId: string): Promise<string | undefined> {
    return (await this.store.get(keys.teamOrg(teamId))) ?? undefined;
  }

  async teamsOf(enterpriseId: string): Promise<string[]> {
    const prefix = keys.orgTeamPrefix(enterpriseId);
    return (await this.store.keys(prefix)).map((key) => key.slice(prefix.length));
  }

  forget(enterpriseId: string, teamId: string): void {
    this.seen.delete(`${enterpriseId}:${teamId}`);
  }
}
