import type { WebClient } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/observability/logger.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';
import { ExternalAccess } from '../../../../src/store/external-access.js';
import { checkExternalAccess, EXTERNAL_ACCESS_OFF } from '../../../../src/slack/kit/permissions/external-access.js';
import {
  askerTeamIdOf,
  EXTERNAL_DATA_REFUSAL,
  isExternalUser,
  resolveExternalUser,
  userTeamOfEvent,
} from '../../../../src/slack/kit/permissions/external-user.js';

const lines: string[] = [];
const log = createLogger({ level: 'debug', redact: (v) => v, write: (l) => lines.push(l) });
const HOME = { teamId: 'T0HOME' };

/** A client whose users.info answers `user`, counting its calls; `fail` makes it throw. */
function buildClient(user: Record<string, unknown> | 'fail' | undefined) {
  const calls: string[] = [];
  const client = {
    users: {
      info: async ({ user: id }: { user: string }) => {
        calls.push(id);
        if (user === 'fail') throw new Error('user_not_found');
        return { ok: true, user };
      },
    },
  } as unknown as WebClient;
  return { client, calls };
}

describe('isExternalUser', () => {
  it('is false for the installing team, true for another', () => {
    expect(isExternalUser(HOME, { teamId: 'T0HOME' })).toBe(false);
    expect(isExternalUser(HOME, { teamId: 'T0OTHER' })).toBe(true);
  });
  it('counts another workspace of the installing org as inside it, another org as outside', () => {
    const org = { teamId: 'T0A', enterpriseId: 'E0ORG' };
    expect(isExternalUser(org, { teamId: 'T0B', enterpriseId: 'E0ORG' })).toBe(false);
    expect(isExternalUser(org, { teamId: 'T0C', enterpriseId: 'E0OTHER' })).toBe(true);
    expect(isExternalUser(org, { teamId: 'T0C' })).toBe(true);
  });
  it('is true for a stranger whatever the team says', () => {
    expect(isExternalUser(HOME, { teamId: 'T0HOME', stranger: true })).toBe(true);
  });
});

describe('userTeamOfEvent', () => {
  it('reads user_team, else source_team, never the plain team', () => {
    expect(userTeamOfEvent({ user_team: 'T1', source_team: 'T2' })).toBe('T1');
    expect(userTeamOfEvent({ source_team: 'T2' })).toBe('T2');
    expect(userTeamOfEvent({ team: 'T3' })).toBeUndefined();
  });
  it('skips an empty or non-string team', () => {
    expect(userTeamOfEvent({ user_team: '', source_team: 'T2' })).toBe('T2');
    expect(userTeamOfEvent({ user_team: 7, source_team: 'T2' })).toBe('T2');
    expect(userTeamOfEvent({ user_team: '' })).toBeUndefined();
  });
});

describe('resolveExternalUser', () => {
  it('settles a payload naming the installing team, or another team of a workspace install, without a call', async () => {
    const { client, calls } = buildClient({ team_id: 'T0HOME' });
    expect(await resolveExternalUser(client, HOME, 'U1', log, 'T0HOME')).toEqual({ external: false, userTeamId: 'T0HOME' });
    expect(await resolveExternalUser(client, HOME, 'U1', log, 'T0EXT')).toEqual({ external: true, userTeamId: 'T0EXT' });
    expect(calls).toEqual([]);
  });
  it('asks users.info when the payload does not say', async () => {
    const { client, calls } = buildClient({ team_id: 'T0EXT' });
    expect(await resolveExternalUser(client, HOME, 'U1', log)).toEqual({ external: true, userTeamId: 'T0EXT' });
    expect(calls).toEqual(['U1']);
  });
  it('asks users.info for an org install, where another team may be the same org', async () => {
    const { client } = buildClient({ team_id: 'T0B', enterprise_user: { enterprise_id: 'E0ORG' } });
    expect(await resolveExternalUser(client, { teamId: 'T0A', enterpriseId: 'E0ORG' }, 'U1', log, 'T0B')).toEqual({
      external: false,
      userTeamId: 'T0B',
    });
  });
  it('fails closed, with a log line, when users.info fails', async () => {
    const { client } = buildClient('fail');
    lines.length = 0;
    expect(await resolveExternalUser(client, HOME, 'U1', log)).toEqual({ external: true, userTeamId: 'T0HOME' });
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toMatchObject([
      {
        level: 'warn',
        msg: 'users.info failed; the user is treated as of another organisation',
        user: 'U1',
        error: { message: 'user_not_found' },
      },
    ]);
    // An org install asks even when the payload names a team: the failure addresses that team.
    const org = { teamId: 'T0A', enterpriseId: 'E0ORG' };
    expect(await resolveExternalUser(client, org, 'U1', log, 'T0B')).toEqual({ external: true, userTeamId: 'T0B' });
  });
  it('takes an empty team of users.info as none, and a user it does not describe as of the installing team', async () => {
    const empty = buildClient({ team_id: '', enterprise_user: { enterprise_id: '' } });
    expect(await resolveExternalUser(empty.client, HOME, 'U1', log)).toEqual({ external: false, userTeamId: 'T0HOME' });
    const org = { teamId: 'T0A', enterpriseId: 'E0ORG' };
    // An empty org id is no org: a user of another team with one is of another organisation.
    expect(await resolveExternalUser(empty.client, org, 'U1', log, 'T0B')).toEqual({ external: true, userTeamId: 'T0B' });
    const none = buildClient(undefined);
    expect(await resolveExternalUser(none.client, HOME, 'U1', log)).toEqual({ external: false, userTeamId: 'T0HOME' });
  });
  it('takes a stranger as of another organisation even on the installing team', async () => {
    const { client } = buildClient({ team_id: 'T0HOME', is_stranger: true });
    expect(await resolveExternalUser(client, HOME, 'U1', log)).toEqual({ external: true, userTeamId: 'T0HOME' });
  });
});

describe('askerTeamIdOf', () => {
  it('names another organisation’s team in a channel, nothing for the workspace’s own users or in a DM', async () => {
    const { client, calls } = buildClient({ team_id: 'T0EXT' });
    expect(await askerTeamIdOf(client, HOME, { channelId: 'C1', userId: 'U9', payloadTeamId: 'T0EXT' }, log)).toBe('T0EXT');
    expect(await askerTeamIdOf(client, HOME, { channelId: 'C1', userId: 'U1', payloadTeamId: 'T0HOME' }, log)).toBeUndefined();
    expect(await askerTeamIdOf(client, HOME, { channelId: 'D1', userId: 'U9' }, log)).toBeUndefined();
    expect(calls).toEqual([]);
    expect(await askerTeamIdOf(client, HOME, { channelId: 'C1', userId: 'U9' }, log)).toBe('T0EXT');
    expect(calls).toEqual(['U9']);
  });
  it('names no team when users.info fails (the user is refused workspace data elsewhere)', async () => {
    const { client } = buildClient('fail');
    expect(await askerTeamIdOf(client, HOME, { channelId: 'C1', userId: 'U9' }, log)).toBeUndefined();
  });
});

describe('checkExternalAccess', () => {
  const workspace = { teamId: 'T0HOME' };
  it('lets a user of the workspace through without reading the setting', async () => {
    const stores = { externalAccess: new ExternalAccess(createMemoryStateStore({})) };
    const { client } = buildClient({ team_id: 'T0HOME' });
    expect(await checkExternalAccess(stores, { client, workspace, userId: 'U1', log, workspaceData: true })).toMatchObject({
      allowed: true,
      external: false,
    });
  });
  it('lets a user of another organisation ask, refuses them workspace data, and all once an admin turns it off', async () => {
    const stores = { externalAccess: new ExternalAccess(createMemoryStateStore({}), () => 1_000) };
    const { client } = buildClient({ team_id: 'T0EXT' });
    const req = { client, workspace, userId: 'U9', log, payloadTeamId: 'T0EXT' };
    expect(await checkExternalAccess(stores, req)).toEqual({ allowed: true, external: true, userTeamId: 'T0EXT' });
    expect(await checkExternalAccess(stores, { ...req, workspaceData: true })).toMatchObject({
      allowed: false,
      why: 'workspace_data',
      reason: EXTERNAL_DATA_REFUSAL,
    });
    expect(await stores.externalAccess.set('T0HOME', false, 'U0ADMIN')).toEqual({
      allowed: false,
      changedBy: 'U0ADMIN',
      changedAtMs: 1_000,
    });
    expect(await checkExternalAccess(stores, req)).toMatchObject({
      allowed: false,
      why: 'turned_off',
      reason: EXTERNAL_ACCESS_OFF,
      userTeamId: 'T0EXT',
    });
    // Another workspace's setting is its own.
    expect((await stores.externalAccess.get('T0OTHERHOME')).allowed).toBe(true);
  });
});
