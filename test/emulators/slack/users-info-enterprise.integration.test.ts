/**
 * users.info of an Enterprise Grid org user carries `enterprise_user`: the org and the user's role
 * in the org itself, apart from their role in their workspace (`is_admin`). Northwind's people
 * are org users; Equities' admin is also the org's admin, Credit's admin only their workspace's.
 * @see https://docs.slack.dev/reference/objects/user-object
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace, northwindOrg, startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { callApi, install } from './oauth-helpers.js';
import { startReceiver } from './receiver.js';

const SECRET = 'users-info-enterprise-secret';

describe('users.info for Enterprise Grid org users', () => {
  let emu: SlackEmulator;
  let app: Awaited<ReturnType<typeof startReceiver>>;
  let orgToken: string;

  beforeAll(async () => {
    app = await startReceiver(SECRET);
    emu = await startSlackEmulator({ rateLimits: 'off', signingSecret: SECRET, requestUrl: app.url });
    orgToken = (await install(emu, { enterpriseId: northwindOrg.enterpriseId })).access_token;
  });
  afterAll(async () => {
    await emu.close();
    await app.close();
  });

  const userOf = async (user: string, token = orgToken) =>
    ((await callApi(emu, 'users.info', { user }, { token })) as { user?: Record<string, unknown> }).user;

  it('the org admin: a workspace admin of Equities and an admin of the org', async () => {
    expect(northwindOrg.orgAdminUserId).toBe(northwindOrg.equities.adminUserId);
    expect(await userOf(northwindOrg.orgAdminUserId)).toMatchObject({
      team_id: northwindOrg.equities.teamId,
      is_admin: true,
      enterprise_user: {
        id: northwindOrg.orgAdminUserId,
        enterprise_id: northwindOrg.enterpriseId,
        enterprise_name: northwindOrg.name,
        is_admin: true,
        is_owner: false,
        teams: [northwindOrg.equities.teamId],
      },
    });
  });

  it('Credit’s admin is an admin of their workspace only; members are neither', async () => {
    expect(await userOf(northwindOrg.credit.adminUserId)).toMatchObject({
      is_admin: true,
      enterprise_user: { enterprise_id: northwindOrg.enterpriseId, is_admin: false, is_owner: false },
    });
    for (const member of [northwindOrg.credit.userId, northwindOrg.equities.userId]) {
      expect(await userOf(member)).toMatchObject({
        is_admin: false,
        enterprise_user: { enterprise_id: northwindOrg.enterpriseId, is_admin: false, is_owner: false },
      });
    }
  });

  it('a user of a workspace outside any org has no enterprise_user', async () => {
    const harborToken = (await install(emu, { teamId: harborWorkspace.teamId })).access_token;
    const user = await userOf(harborWorkspace.adminUserId, harborToken);
    expect(user).toMatchObject({ is_admin: true });
    expect(user).not.toHaveProperty('enterprise_user');
  });
});
