/**
 * Whether users of another organisation (in a Slack Connect channel) may use Research Desk in a
 * workspace: a workspace admin's choice, set from App Home. Allowed until an admin turns it off;
 * even then they never see the workspace's folders, watches or App Home data (the kit's fence).
 */
import { keys } from './keys.js';
import type { StateStore } from './state-store.js';

export interface ExternalAccessSetting {
  allowed: boolean;
  /** The admin who last changed it, and when. */
  changedBy?: string;
  changedAtMs?: number;
}

export class ExternalAccess {
  constructor(
    private readonly store: StateStore,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(teamId: string): Promise<ExternalAccessSetting> {
    const raw = await this.store.get(keys.externalAccess(teamId));
    if (raw === null) return { allowed: true };
    const parsed = JSON.parse(raw) as Partial<ExternalAccessSetting>;
    return {
      allowed: parsed.allowed !== false,
      ...(parsed.changedBy ? { changedBy: parsed.changedBy } : {}),
      ...(typeof parsed.changedAtMs === 'number' ? { changedAtMs: parsed.changedAtMs } : {}),
    };
  }

  async set(teamId: string, allowed: boolean, changedBy: string): Promise<ExternalAccessSetting> {
    const setting = { allowed, changedBy, changedAtMs: this.clock() };
    await this.store.set(keys.externalAccess(teamId), JSON.stringify(setting));
    return setting;
  }
}
