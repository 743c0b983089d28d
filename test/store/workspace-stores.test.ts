/**
 * The multi-workspace stores: installations and service keys are sealed at rest, an org-wide
 * installation serves its workspaces, and forgetting a workspace deletes its keys only.
 */
import { randomBytes } from 'node:crypto';
import type { Installation } from '@slack/oauth';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/secrets/secret-box.js';
import { forgetWorkspaceData } from '../../src/store/forget-workspace.js';
import { Installations } from '../../src/store/installations.js';
import { keys } from '../../src/store/keys.js';
import { createMemoryStateStore } from '../../src/store/memory-state-store.js';
import { OrgWorkspaces } from '../../src/store/org-workspaces.js';
import { ServiceConnections } from '../../src/store/service-connections.js';
import { everyAppKey } from './clear-app-state-suite.js';

const box = createSecretBox([randomBytes(32)]);

function workspaceInstall(teamId: string, token: string): Installation {
  return {
    team: { id: teamId, name: teamId },
    enterprise: undefined,
    user: { id: 'U1', token: undefined, scopes: undefined },
    bot: { id: 'B1', userId: 'UB1', token, scopes: ['chat:write'] },
    isEnterpriseInstall: false,
    appId: 'A1',
    authVersion: 'v2',
  } as Installation;
}

describe('Installations', () => {
  it('keeps the bot token sealed and reads it back', async () => {
    const store = createMemoryStateStore();
    const installs = new Installations(store, box);
    await installs.storeInstallation(workspaceInstall('T1', 'xoxb-team-one-token'));
    expect(await store.get(keys.installation('T1'))).not.toContain('xoxb-team-one-token');
    const found = await installs.fetchInstallation({ teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false });
    expect(found.bot?.token).toBe('xoxb-team-one-token');
    await expect(installs.fetchInstallation({ teamId: 'T2', enterpriseId: undefined, isEnterpriseInstall: false })).rejects.toThrow(
      /no installation/,
    );
  });

  it('serves a workspace of an org from the org-wide installation', async () => {
    const installs = new Installations(createMemoryStateStore(), box);
    await installs.storeInstallation({
      ...workspaceInstall('unused', 'xoxb-org-token'),
      team: undefined,
      enterprise: { id: 'E1', name: 'Org' },
      isEnterpriseInstall: true,
    } as Installation);
    expect((await installs.find({ teamId: 'T7', enterpriseId: 'E1' }))?.bot?.token).toBe('xoxb-org-token');
    expect(await installs.listIds()).toEqual(['E1']);
  });
});

describe('ServiceConnections', () => {
  it('seals the key, keeps a four-character hint, and opens it for use', async () => {
    const store = createMemoryStateStore();
    const connections = new ServiceConnections(store, box);
    const summary = await connections.put({
      installationId: 'T1',
      apiKey: 'sk-live-abcdef123456',
      baseUrl: 'https://research.example.com',
      connectedBy: 'U1',
      connectedAtMs: 1,
    });
    expect(summary).toEqual({
      installationId: 'T1',
      baseUrl: 'https://research.example.com',
      connectedBy: 'U1',
      connectedAtMs: 1,
      keyHint: '…3456',
    });
    expect(await store.get(keys.serviceConnection('T1'))).not.toContain('abcdef');
    expect((await connections.get('T1'))?.apiKey).toBe('sk-live-abcdef123456');
    await connections.remove('T1');
    expect(await connections.get('T1')).toBeNull();
  });
});

describe('forgetWorkspaceData', () => {
  it("deletes every key of the workspace and its installation, and none of another's (T1 is not a prefix of T10)", async () => {
    const store = createMemoryStateStore();
    const t1 = everyAppKey().filter((key) => key.includes('T1') || key.includes('r-1'));
    // The same kinds of key for T10 and T2: run ids carry their team (runIdFor).
    const others = everyAppKey()
      .flatMap((key) => [key.replaceAll('T1', 'T10'), key.replaceAll('T1', 'T2')])
      .filter((key) => !t1.includes(key));
    const teamRun = [keys.run('T1-r-1'), keys.runProgress('T1-r-1'), keys.activeRun('T1-r-1'), keys.runLease('T1-r-1')];
    const otherRun = [keys.run('T10-r-1'), keys.runLease('T2-r-1')];
    for (const key of [...t1, ...teamRun, ...others, ...otherRun]) await store.set(key, '1');
    await new OrgWorkspaces(store).record('E1', 'T1');

    const deleted = await forgetWorkspaceData(store, ['T1'], 'T1');

    const workspaceOwned = [
      ...teamRun,
      ...t1.filter((key) => !/^(event|signed-request|watch-budget|run|run-progress|active-run|lease:run):/.test(key)),
    ];
    for (const key of workspaceOwned) expect(await store.get(key), key).toBeNull();
    for (const key of [...others, ...otherRun]) expect(await store.get(key), key).not.toBeNull();
    expect(deleted).toBeGreaterThanOrEqual(workspaceOwned.length);
  });
});

describe('key rotation', () => {
  it('reads what an older key sealed and seals it again with the newest as it is used', async () => {
    const [older, newer] = [randomBytes(32), randomBytes(32)];
    const store = createMemoryStateStore();
    await new ServiceConnections(store, createSecretBox([older])).put({
      installationId: 'T1',
      apiKey: 'sk-rotate-me',
      connectedBy: 'U1',
      connectedAtMs: 1,
    });
    await new Installations(store, createSecretBox([older])).storeInstallation(workspaceInstall('T1', 'xoxb-rotate-me'));

    const rotated = createSecretBox([newer, older]);
    expect((await new ServiceConnections(store, rotated).get('T1'))?.apiKey).toBe('sk-rotate-me');
    expect((await new Installations(store, rotated).read('T1'))?.bot?.token).toBe('xoxb-rotate-me');

    // Re-sealed: the newest key alone now opens both.
    const newestOnly = createSecretBox([newer]);
    expect((await new ServiceConnections(store, newestOnly).get('T1'))?.apiKey).toBe('sk-rotate-me');
    expect((await new Installations(store, newestOnly).read('T1'))?.bot?.token).toBe('xoxb-rotate-me');
  });
});
