/**
 * A playground state file saved before Northwind's people were org users: restored, they are org
 * users with the data's roles (else nobody could manage the org's research-service connection).
 */
import { describe, expect, it } from 'vitest';
import { EmulatorState } from '../../../src/emulators/slack/state.js';
import { restoreStateSnapshot, slackStateSnapshotSchema, snapshotOfState } from '../../../src/emulators/slack/state-snapshot.js';
import { northwindOrg } from '../../../src/emulators/slack/workspaces.js';

const LIMITS = { lifetimeMs: 300_000, idleMs: 120_000, maxChars: 11_000 };
const buildState = () => new EmulatorState(() => 1_750_000_000_000, LIMITS, 'Research Desk');

describe('restoring a state file from before org users', () => {
  it('gives Northwind’s people their org and the org admin their role; saved names stay', () => {
    const saved = snapshotOfState(buildState());
    const old = JSON.parse(JSON.stringify(saved)) as { users: Array<Record<string, unknown>> };
    for (const u of old.users) {
      if (u.id === northwindOrg.botUserId) continue;
      delete u.enterprise_id;
      delete u.org_role;
      if (u.id === northwindOrg.credit.userId) u.real_name = 'Cole (renamed)';
    }
    const restored = buildState();
    restoreStateSnapshot(restored, slackStateSnapshotSchema.parse(old));

    expect(restored.users.get(northwindOrg.orgAdminUserId)).toMatchObject({
      enterprise_id: northwindOrg.enterpriseId,
      org_role: { is_admin: true, is_owner: false },
    });
    expect(restored.users.get(northwindOrg.credit.adminUserId)).toMatchObject({ enterprise_id: northwindOrg.enterpriseId, is_admin: true });
    expect(restored.users.get(northwindOrg.credit.adminUserId)?.org_role).toBeUndefined();
    expect(restored.users.get(northwindOrg.credit.userId)).toMatchObject({
      enterprise_id: northwindOrg.enterpriseId,
      real_name: 'Cole (renamed)',
    });
  });
});
