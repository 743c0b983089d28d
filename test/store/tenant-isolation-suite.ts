/**
 * Tenant scoping of the per-workspace stores on a given StateStore kind: two workspaces using the
 * same ids (folder, document, Slack file, channel, watch) never see, overwrite or delete each
 * other's records, a workspace is not a prefix of another (T1 and T10), and an org-wide
 * (enterprise) installation serves its own workspaces only.
 */
import { randomBytes } from 'node:crypto';
import type { Installation } from '@slack/oauth';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/secrets/secret-box.js';
import { ExternalAccess } from '../../src/store/external-access.js';
import { FolderOwners } from '../../src/store/folder-owners.js';
import {
  InstallationNotFoundError,
  InstallationUnreadableError,
  Installations,
  installationIdOfInstall,
} from '../../src/store/installations.js';
import { keys } from '../../src/store/keys.js';
import { Leases } from '../../src/store/leases.js';
import { OrgWorkspaces } from '../../src/store/org-workspaces.js';
import type { DigestSubscription, WatchRecord, WatchState } from '../../src/store/records.js';
import { ResearchDocuments } from '../../src/store/research-documents.js';
import { keyHintOf, ServiceConnections } from '../../src/store/service-connections.js';
import type { StateStore } from '../../src/store/state-store.js';
import { Subscriptions } from '../../src/store/subscriptions.js';
import { Watches, watchIdOf } from '../../src/store/watches.js';
import { buildDocumentRecord } from './research-documents-suite.js';
import { assertRedisReachable, buildStoreUnderTest, type StoreKind, type StoreUnderTest } from './store-harness.js';

const box = createSecretBox([randomBytes(32)]);

function install(overrides: { teamId?: string; enterpriseId?: string; token: string }): Installation {
  const org = overrides.teamId === undefined;
  return {
    team: overrides.teamId === undefined ? undefined : { id: overrides.teamId, name: overrides.teamId },
    enterprise: overrides.enterpriseId === undefined ? undefined : { id: overrides.enterpriseId, name: overrides.enterpriseId },
    user: { id: 'U1', token: undefined, scopes: undefined },
    bot: { id: 'B1', userId: 'UB1', token: overrides.token, scopes: ['chat:write'] },
    isEnterpriseInstall: org,
    appId: 'A1',
    authVersion: 'v2',
  } as Installation;
}

function subscription(overrides: Partial<DigestSubscription> = {}): DigestSubscription {
  return {
    teamId: 'T1',
    channelId: 'C1',
    cadence: 'daily',
    time: '09:00',
    timeZone: 'UTC',
    top: 10,
    createdBy: 'U1',
    createdAtMs: 1_000,
    paused: false,
    ...overrides,
  };
}

function watch(overrides: Partial<WatchRecord> = {}): WatchRecord {
  const target = overrides.target ?? { kind: 'symbol', symbol: 'SH:600519' };
  const channelId = overrides.channelId ?? 'C1';
  return {
    teamId: 'T1',
    watchId: watchIdOf(channelId, target, ['news']),
    channelId,
    scope: 'channel',
    target,
    categories: ['news'],
    createdBy: 'U1',
    createdAtMs: 1_000,
    ...overrides,
  };
}

const keyword = (teamId: string, n: number, createdAtMs = 1_000): WatchRecord =>
  watch({ teamId, target: { kind: 'keyword', keyword: `topic ${n}` }, createdAtMs });

const state = (cursorMs: number): WatchState => ({ cursorMs, seen: {}, lastPollMs: cursorMs, earningsEves: [] });

/** The real store with some of its operations wrapped: how a test stages another replica's timing. */
function interposed(store: StateStore, overrides: Partial<Pick<StateStore, 'keys' | 'setIfAbsent' | 'delete'>>): StateStore {
  return {
    kind: store.kind,
    get: (key) => store.get(key),
    set: (key, value, ttlMs) => store.set(key, value, ttlMs),
    setIfAbsent: overrides.setIfAbsent ?? ((key, value, ttlMs) => store.setIfAbsent(key, value, ttlMs)),
    addToSet: (key, member, ttlMs) => store.addToSet(key, member, ttlMs),
    delete: overrides.delete ?? ((key) => store.delete(key)),
    deleteIfEquals: (key, expected) => store.deleteIfEquals(key, expected),
    replaceIfEquals: (key, expected, value, ttlMs) => store.replaceIfEquals(key, expected, value, ttlMs),
    increment: (key, by, ttlMs) => store.increment(key, by, ttlMs),
    keys: overrides.keys ?? ((prefix) => store.keys(prefix)),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}

/** The real store, with one record deleted (another replica, an expiry) between a listing and its reads. */
function deletingAfterListing(store: StateStore, victim: string): StateStore {
  return interposed(store, {
    keys: async (prefix) => {
      const found = await store.keys(prefix);
      await store.delete(victim);
      return found;
    },
  });
}

export function describeTenantIsolation(kinds: readonly StoreKind[]): void {
  describe.each(kinds)('tenant isolation on %s', (kind) => {
    let harness: StoreUnderTest;
    let store: StateStore;

    beforeAll(async () => {
      if (kind === 'redis') await assertRedisReachable();
    });
    beforeEach(async () => {
      harness = await buildStoreUnderTest(kind, 'tenant');
      store = await harness.open();
    });
    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    describe('FolderOwners', () => {
      const folder = (teamId: string, folderId: string, createdAtMs: number, name = `${teamId} ${folderId}`) => ({
        teamId,
        folderId,
        name,
        createdBy: `U-${teamId}`,
        createdAtMs,
      });

      it('a folder id used by two workspaces is two folders: neither is seen, overwritten or deleted through the other', async () => {
        const folders = new FolderOwners(store);
        for (const team of ['T1', 'T2', 'T10']) await folders.save(folder(team, 'F1', 1));
        expect(await folders.get('T1', 'F1')).toEqual(folder('T1', 'F1', 1));
        expect(await folders.get('T2', 'F1')).toEqual(folder('T2', 'F1', 1));
        expect(await folders.list('T1')).toEqual([folder('T1', 'F1', 1)]);
        await folders.save(folder('T2', 'F1', 1, 'renamed by T2'));
        expect((await folders.get('T1', 'F1'))?.name).toBe('T1 F1');
        await folders.remove('T2', 'F1');
        expect(await folders.get('T2', 'F1')).toBeNull();
        expect(await folders.get('T1', 'F1')).toEqual(folder('T1', 'F1', 1));
        expect(await folders.list('T10')).toEqual([folder('T10', 'F1', 1)]);
        expect(await folders.get('T3', 'F1')).toBeNull();
      });

      it('lists a workspace’s folders oldest first, and skips one deleted between the listing and its read', async () => {
        const folders = new FolderOwners(store);
        for (const [id, at] of [
          ['Fc', 3],
          ['Fa', 1],
          ['Fd', 4],
          ['Fb', 2],
        ] as const) {
          await folders.save(folder('T1', id, at));
        }
        expect((await folders.list('T1')).map((f) => f.folderId)).toEqual(['Fa', 'Fb', 'Fc', 'Fd']);
        const racing = new FolderOwners(deletingAfterListing(store, keys.folder('T1', 'Fb')));
        expect((await racing.list('T1')).map((f) => f.folderId)).toEqual(['Fa', 'Fc', 'Fd']);
      });
    });

    describe('ResearchDocuments', () => {
      it('the same document, folder and Slack file ids in two workspaces: each sees, updates, tells and removes its own', async () => {
        const documents = new ResearchDocuments(store);
        const ours = buildDocumentRecord({ teamId: 'T1', title: 'ours' });
        const theirs = buildDocumentRecord({ teamId: 'T2', title: 'theirs' });
        expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: true });
        expect(await documents.claimFile('T2', 'F1', 'FILE1')).toEqual({ claimed: true });
        await documents.save(ours);
        // T2 is still adding its copy: its claim is its own, and T1's release cannot free it.
        expect(await documents.claimFile('T2', 'F1', 'FILE1')).toEqual({ claimed: false });
        await documents.releaseFile('T1', 'F1', 'FILE1');
        expect(await documents.claimFile('T2', 'F1', 'FILE1')).toEqual({ claimed: false });
        await documents.save(theirs);
        await documents.save(buildDocumentRecord({ teamId: 'T10', title: 'T10' }));

        expect(await documents.get('T1', 'd1')).toEqual(ours);
        expect(await documents.get('T2', 'd1')).toEqual(theirs);
        expect((await documents.list('T1')).map((d) => d.title)).toEqual(['ours']);
        expect((await documents.inThread('T1', 'D1', '1.0')).map((d) => d.title)).toEqual(['ours']);
        expect((await documents.list('T3')).length).toBe(0);

        await documents.update('T2', 'd1', (r) => ({ ...r, status: 'failed', failure: 'unreadable' }));
        expect((await documents.get('T1', 'd1'))?.status).toBe('processing');
        expect(await documents.claimTelling('T2', 'd1')).toBe(true);
        expect(await documents.claimTelling('T1', 'd1')).toBe(true);
        expect(await documents.claimTelling('T10', 'd1')).toBe(true);

        await documents.remove(ours);
        expect(await documents.get('T1', 'd1')).toBeNull();
        expect(await documents.get('T2', 'd1')).toMatchObject({ title: 'theirs', status: 'failed' });
        expect(await documents.claimFile('T2', 'F1', 'FILE1')).toEqual({ claimed: false, docId: 'd1' });
        expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: true });
        expect((await documents.processing()).map((d) => d.teamId).sort()).toEqual(['T10']);
      });

      it('passes a question only the documents of its own thread, not its channel’s other threads or another channel’s', async () => {
        const documents = new ResearchDocuments(store);
        await documents.save(buildDocumentRecord({ docId: 'here', notice: { channelId: 'C1', threadTs: '1.0' } }));
        await documents.save(buildDocumentRecord({ docId: 'other-thread', notice: { channelId: 'C1', threadTs: '2.0' } }));
        await documents.save(buildDocumentRecord({ docId: 'other-channel', notice: { channelId: 'C2', threadTs: '1.0' } }));
        await documents.save(buildDocumentRecord({ teamId: 'T2', docId: 'other-team', notice: { channelId: 'C1', threadTs: '1.0' } }));
        expect((await documents.inThread('T1', 'C1', '1.0')).map((d) => d.docId)).toEqual(['here']);
      });

      it('a file claim holds for the whole add (fourteen minutes) and lapses after fifteen, so a crashed add can be retried', async () => {
        const documents = new ResearchDocuments(store);
        expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: true });
        await harness.advance(14 * 60_000);
        expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: false });
        await harness.advance(60_000 + 1);
        expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: true });
      });

      it('reads a claim another replica holds as "being added", never as a document id', async () => {
        const documents = new ResearchDocuments(store);
        // What every version writes while it adds the file.
        await store.set(keys.researchDocumentFile('T1', 'F1', 'FILE1'), 'claiming', 60_000);
        expect(await documents.claimFile('T1', 'F1', 'FILE1')).toStrictEqual({ claimed: false });
        // A claim given up between the refused claim and its read: still "someone is adding it".
        const lapsing = interposed(store, {
          setIfAbsent: async (key, value, ttlMs) => {
            const won = await store.setIfAbsent(key, value, ttlMs);
            await store.delete(key);
            return won;
          },
        });
        expect(await new ResearchDocuments(lapsing).claimFile('T1', 'F1', 'FILE1')).toStrictEqual({ claimed: false });
      });

      it('updating a document that is gone brings nothing back', async () => {
        const documents = new ResearchDocuments(store);
        expect(await documents.update('T1', 'gone', (r) => ({ ...r, status: 'failed' }))).toBeUndefined();
        expect(await store.get(keys.researchDocument('T1', 'gone'))).toBeNull();
        expect(await documents.list('T1')).toEqual([]);
      });

      it('skips a document deleted between the listing and its read', async () => {
        await new ResearchDocuments(store).save(buildDocumentRecord({ docId: 'a' }));
        await new ResearchDocuments(store).save(buildDocumentRecord({ docId: 'b', slackFileId: 'FB' }));
        const racing = new ResearchDocuments(deletingAfterListing(store, keys.researchDocument('T1', 'a')));
        expect((await racing.list('T1')).map((d) => d.docId)).toEqual(['b']);
      });
    });

    describe('Subscriptions', () => {
      it('a channel id in two workspaces is two subscriptions: removing, pausing or resuming one leaves the other', async () => {
        const subs = new Subscriptions(store);
        await subs.put(subscription({ teamId: 'T1', cadence: 'daily' }));
        await subs.put(subscription({ teamId: 'T2', cadence: 'weekly', weekday: 1 }));
        await subs.put(subscription({ teamId: 'T10' }));
        expect((await subs.get('T2', 'C1'))?.cadence).toBe('weekly');
        expect((await subs.listForTeam('T1')).map((s) => s.teamId)).toEqual(['T1']);

        expect(await subs.pause('T1', 'C1', 'channel_not_found')).toBe(true);
        expect((await subs.get('T2', 'C1'))?.paused).toBe(false);
        expect(await subs.resume('T2', 'C1')).toBe(false);
        expect((await subs.get('T1', 'C1'))?.paused).toBe(true);

        expect(await subs.remove('T2', 'C1')).toBe(true);
        expect(await subs.get('T1', 'C1')).toMatchObject({ teamId: 'T1', cadence: 'daily' });
        expect(await subs.remove('T3', 'C1')).toBe(false);
        expect((await subs.listAll()).map((s) => s.teamId)).toEqual(['T1', 'T10']);
      });

      it('lists every workspace’s subscriptions by team, then channel, whatever order they were made in', async () => {
        const subs = new Subscriptions(store);
        for (const [teamId, channelId] of [
          ['T2', 'C2'],
          ['T1', 'C3'],
          ['T2', 'C1'],
          ['T1', 'C1'],
        ] as const) {
          await subs.put(subscription({ teamId, channelId }));
        }
        expect((await subs.listAll()).map((s) => `${s.teamId}/${s.channelId}`)).toEqual(['T1/C1', 'T1/C3', 'T2/C1', 'T2/C2']);
        expect((await subs.listForTeam('T2')).map((s) => s.channelId)).toEqual(['C1', 'C2']);
        const racing = new Subscriptions(deletingAfterListing(store, keys.subscription('T1', 'C3')));
        expect((await racing.listAll()).map((s) => `${s.teamId}/${s.channelId}`)).toEqual(['T1/C1', 'T2/C1', 'T2/C2']);
      });

      it('a second pause keeps the first reason, and resuming an active subscription changes nothing', async () => {
        const subs = new Subscriptions(store);
        await subs.put(subscription());
        expect(await subs.resume('T1', 'C1')).toBe(false);
        expect(await subs.get('T1', 'C1')).toStrictEqual(subscription());
        expect(await subs.pause('T1', 'C1', 'channel_not_found')).toBe(true);
        expect(await subs.pause('T1', 'C1', 'not_in_channel')).toBe(false);
        expect(await subs.get('T1', 'C1')).toStrictEqual({ ...subscription(), paused: true, pausedReason: 'channel_not_found' });
        expect(await subs.resume('T1', 'C1')).toBe(true);
        expect(await subs.get('T1', 'C1')).toStrictEqual(subscription());
        expect(await subs.resume('T9', 'C9')).toBe(false);
        expect(await subs.get('T9', 'C9')).toBeNull();
      });
    });

    describe('Watches', () => {
      it('the same watch (channel, target, categories) in two workspaces is two watches, each removed alone with its state and slot', async () => {
        const watches = new Watches(store, new Leases(store));
        const ours = watch({ teamId: 'T1', createdBy: 'U-ours' });
        const theirs = watch({ teamId: 'T2', createdBy: 'U-theirs' });
        expect(ours.watchId).toBe(theirs.watchId);
        expect(await watches.add(ours, 1)).toBe('added');
        expect(await watches.add(theirs, 1)).toBe('added');
        expect(await watches.add(watch({ teamId: 'T10' }), 1)).toBe('added');
        expect((await watches.get('T2', 'C1', ours.watchId))?.createdBy).toBe('U-theirs');
        expect(await watches.listForTeam('T1')).toEqual([ours]);
        expect(await watches.listForChannel('T1', 'C1')).toEqual([ours]);

        const ourState = await watches.replaceState(ours, await watches.getState(ours), state(1));
        expect(ourState).toEqual({ state: state(1), raw: JSON.stringify(state(1)) });
        expect((await watches.getState(theirs)).state).toBeNull();
        await watches.replaceState(theirs, await watches.getState(theirs), state(2));
        await watches.recordAlertTs(ours, 'a1', '111.1');
        expect(await watches.getAlertTs(theirs, 'a1')).toBeNull();
        expect(await watches.getAlertTs(ours, 'a1')).toBe('111.1');

        expect(await watches.pause(theirs, 'channel_gone')).toBe(true);
        expect((await watches.get('T1', 'C1', ours.watchId))?.paused).toBeUndefined();

        expect(await watches.remove('T1', 'C1', ours.watchId)).toBe(true);
        expect(await watches.get('T2', 'C1', ours.watchId)).toMatchObject({ createdBy: 'U-theirs', paused: true });
        expect((await watches.getState(theirs)).state).toEqual(state(2));
        // T2's slot is still taken (limit 1): another watch there is refused, while T1's is free.
        expect(await watches.add(keyword('T2', 1), 1)).toBe('full');
        expect(await watches.add(keyword('T1', 1), 1)).toBe('added');
        expect(await watches.remove('T3', 'C1', ours.watchId)).toBe(false);
        expect((await watches.listAll()).map((w) => w.teamId)).toEqual(['T1', 'T10', 'T2']);
      });

      it('one workspace filling a channel’s watches leaves the same channel id of another workspace its whole limit', async () => {
        const watches = new Watches(store, new Leases(store));
        for (let i = 0; i < 3; i += 1) expect(await watches.add(keyword('T1', i), 3)).toBe('added');
        expect(await watches.add(keyword('T1', 9), 3)).toBe('full');
        for (let i = 0; i < 3; i += 1) expect(await watches.add(keyword('T2', i), 3)).toBe('added');
        expect(await watches.add(keyword('T2', 9), 3)).toBe('full');
      });

      it('a watch’s poll lock is per workspace: T1 holding it does not stop T2 polling its own', async () => {
        const watches = new Watches(store, new Leases(store));
        const ours = watch({ teamId: 'T1' });
        const theirs = watch({ teamId: 'T2' });
        expect(await watches.acquireLock(ours, 'replica-a', 60_000)).toBe(true);
        expect(await watches.acquireLock(theirs, 'replica-b', 60_000)).toBe(true);
        expect(await watches.acquireLock(ours, 'replica-b', 60_000)).toBe(false);
        expect(await watches.renewLock(ours, 'replica-b', 60_000)).toBe(false);
        expect(await watches.renewLock(ours, 'replica-a', 60_000)).toBe(true);
        expect(await watches.releaseLock(theirs, 'replica-a')).toBe(false);
        expect(await watches.releaseLock(ours, 'replica-a')).toBe(true);
        expect(await watches.acquireLock(theirs, 'replica-c', 60_000)).toBe(false);
      });

      it('lists a channel’s watches oldest first, teams and channels in order, skipping one deleted meanwhile', async () => {
        const watches = new Watches(store, new Leases(store));
        await watches.add(keyword('T1', 1, 3_000));
        await watches.add(keyword('T1', 2, 1_000));
        await watches.add(keyword('T1', 3, 2_000));
        await watches.add({ ...keyword('T1', 4, 500), channelId: 'C2' });
        await watches.add(keyword('T0', 5, 9_000));
        expect((await watches.listForChannel('T1', 'C1')).map((w) => w.createdAtMs)).toEqual([1_000, 2_000, 3_000]);
        expect((await watches.listAll()).map((w) => `${w.teamId}/${w.channelId}/${w.createdAtMs}`)).toEqual([
          'T0/C1/9000',
          'T1/C1/1000',
          'T1/C1/2000',
          'T1/C1/3000',
          'T1/C2/500',
        ]);
        const gone = keyword('T1', 3, 2_000);
        const racing = new Watches(deletingAfterListing(store, keys.watch('T1', 'C1', gone.watchId)), new Leases(store));
        expect((await racing.listForTeam('T1')).map((w) => w.createdAtMs)).toEqual([1_000, 3_000, 500]);
      });

      it('a second pause keeps the first reason', async () => {
        const watches = new Watches(store, new Leases(store));
        const ours = watch();
        await watches.add(ours);
        expect(await watches.pause(ours, 'channel_gone')).toBe(true);
        expect(await watches.pause(ours, 'is_archived')).toBe(false);
        expect(await watches.get('T1', 'C1', ours.watchId)).toStrictEqual({ ...ours, paused: true, pausedReason: 'channel_gone' });
        expect(await watches.pause(watch({ teamId: 'T9' }), 'x')).toBe(false);
        expect(await watches.get('T9', 'C1', ours.watchId)).toBeNull();
      });

      it('an add that raced past a slow listing never overwrites the watch written meanwhile', async () => {
        const watches = new Watches(store, new Leases(store));
        const first = watch({ createdBy: 'U-first', createdAtMs: 1_000 });
        expect(await watches.add(first)).toBe('added');
        // The second adder listed the channel before the first wrote, and its clock is past the
        // first's claim age: the claim looks stale to it, so only the write itself can refuse it.
        const slowListing = interposed(store, { keys: async () => [] });
        const late = new Watches(slowListing, new Leases(store));
        expect(await late.add(watch({ createdBy: 'U-late', createdAtMs: 200_000 }))).toBe('duplicate');
        expect((await watches.get('T1', 'C1', first.watchId))?.createdBy).toBe('U-first');
      });

      it('refuses a watch another replica is adding right now (its claim is fresh, its watch not yet written)', async () => {
        const watches = new Watches(store, new Leases(store));
        const now = Date.parse('2025-03-10T09:00:00.000Z');
        const adding = watch({ createdAtMs: now });
        await store.set(keys.watchSlots('T1', 'C1'), JSON.stringify({ claims: { [adding.watchId]: now } }));
        expect(await watches.add({ ...adding, createdAtMs: now + 1_000 })).toBe('duplicate');
        expect(await watches.get('T1', 'C1', adding.watchId)).toBeNull();
      });

      it('a claim left by a dead add holds its slot for a minute of real (epoch) time, then frees it', async () => {
        const watches = new Watches(store, new Leases(store));
        const claimedAt = Date.parse('2025-03-10T09:00:00.000Z');
        await store.set(keys.watchSlots('T1', 'C1'), JSON.stringify({ claims: { dead: claimedAt } }));
        expect(await watches.add(keyword('T1', 1, claimedAt + 30_000), 1)).toBe('full');
        expect(await watches.add(keyword('T1', 1, claimedAt + 59_999), 1)).toBe('full');
        expect(await watches.add(keyword('T1', 1, claimedAt + 60_000), 1)).toBe('added');
      });

      it('removing a watch frees its slot only: the channel’s other claims stay', async () => {
        const watches = new Watches(store, new Leases(store));
        for (let i = 0; i < 2; i += 1) await watches.add(keyword('T1', i), 2);
        expect(await watches.remove('T1', 'C1', 'never-added')).toBe(false);
        expect(await watches.add(keyword('T1', 5), 2)).toBe('full');
        expect(await watches.remove('T1', 'C1', keyword('T1', 0).watchId)).toBe(true);
        expect(await watches.add(keyword('T1', 5), 2)).toBe('added');
        expect(await watches.add(keyword('T1', 6), 2)).toBe('full');
      });
    });

    describe('ExternalAccess', () => {
      it('an admin turning external users off in one workspace leaves every other workspace allowed', async () => {
        const access = new ExternalAccess(store, () => 5_000);
        expect(await access.get('T1')).toStrictEqual({ allowed: true });
        expect(await access.set('T1', false, 'U-admin')).toStrictEqual({ allowed: false, changedBy: 'U-admin', changedAtMs: 5_000 });
        expect(await access.get('T1')).toStrictEqual({ allowed: false, changedBy: 'U-admin', changedAtMs: 5_000 });
        expect(await access.get('T2')).toStrictEqual({ allowed: true });
        expect(await access.get('T10')).toStrictEqual({ allowed: true });
        await access.set('T2', true, 'U-other');
        expect((await access.get('T1')).allowed).toBe(false);
      });

      it('reads a stored setting without who or when, and ignores a when that is not a time', async () => {
        const access = new ExternalAccess(store);
        await store.set(keys.externalAccess('T1'), JSON.stringify({ allowed: false }));
        expect(await access.get('T1')).toStrictEqual({ allowed: false });
        await store.set(keys.externalAccess('T1'), JSON.stringify({ allowed: false, changedBy: '', changedAtMs: 'soon' }));
        expect(await access.get('T1')).toStrictEqual({ allowed: false });
        await store.set(keys.externalAccess('T1'), JSON.stringify({ changedBy: 'U1', changedAtMs: 0 }));
        expect(await access.get('T1')).toStrictEqual({ allowed: true, changedBy: 'U1', changedAtMs: 0 });
      });
    });

    describe('ServiceConnections', () => {
      const connect = (installationId: string, apiKey: string) => ({ installationId, apiKey, connectedBy: 'U1', connectedAtMs: 7 });

      it('each workspace and each org has its own service key: one’s change or removal leaves the others', async () => {
        const connections = new ServiceConnections(store, box);
        await connections.put(connect('T1', 'sk-team-one-0001'));
        await connections.put(connect('T10', 'sk-team-ten-0010'));
        await connections.put(connect('E1', 'sk-org-one-00E1'));
        await connections.put(connect('T1', 'sk-team-one-0002'));
        expect(await connections.get('T1')).toStrictEqual({
          installationId: 'T1',
          connectedBy: 'U1',
          connectedAtMs: 7,
          keyHint: '…0002',
          apiKey: 'sk-team-one-0002',
        });
        expect((await connections.get('T10'))?.apiKey).toBe('sk-team-ten-0010');
        expect((await connections.get('E1'))?.apiKey).toBe('sk-org-one-00E1');
        await connections.remove('T1');
        expect(await connections.get('T1')).toBeNull();
        expect((await connections.get('T10'))?.apiKey).toBe('sk-team-ten-0010');
        expect((await connections.get('E1'))?.apiKey).toBe('sk-org-one-00E1');
        expect(await connections.get('T2')).toBeNull();
      });

      it('shows the last four characters of a key longer than eight, none of a shorter one', () => {
        expect(keyHintOf('12345678')).toBe('');
        expect(keyHintOf('123456789')).toBe('…6789');
        expect(keyHintOf('')).toBe('');
      });

      it('reading a key sealed with the newest key writes nothing back', async () => {
        const connections = new ServiceConnections(store, box);
        await connections.put(connect('T1', 'sk-team-one-0001'));
        const sealed = await store.get(keys.serviceConnection('T1'));
        await connections.get('T1');
        expect(await store.get(keys.serviceConnection('T1'))).toBe(sealed);
      });
    });

    describe('Installations', () => {
      it('a workspace’s own installation serves it before its org’s; the org’s serves its other workspaces; another org’s none', async () => {
        const installs = new Installations(store, box);
        await installs.storeInstallation(install({ teamId: 'T1', enterpriseId: 'E1', token: 'xoxb-T1' }));
        await installs.storeInstallation(install({ enterpriseId: 'E1', token: 'xoxb-E1' }));
        await installs.storeInstallation(install({ teamId: 'T10', token: 'xoxb-T10' }));
        const token = async (query: Parameters<Installations['find']>[0]) => (await installs.find(query))?.bot?.token;

        expect(await token({ teamId: 'T1', enterpriseId: 'E1' })).toBe('xoxb-T1');
        expect(await token({ teamId: 'T1', enterpriseId: 'E1', isEnterpriseInstall: true })).toBe('xoxb-E1');
        expect(await token({ teamId: 'T5', enterpriseId: 'E1' })).toBe('xoxb-E1');
        expect(await token({ teamId: 'T5', enterpriseId: 'E2' })).toBeUndefined();
        expect(await token({ teamId: 'T5', enterpriseId: 'E2', isEnterpriseInstall: true })).toBeUndefined();
        expect(await token({ teamId: 'T5' })).toBeUndefined();
        expect(await token({ teamId: 'T10', isEnterpriseInstall: true })).toBe('xoxb-T10');
        expect(await token({ enterpriseId: 'E1' })).toBe('xoxb-E1');
        expect(await token({})).toBeUndefined();
        expect((await installs.fetchInstallation({ teamId: 'T5', enterpriseId: 'E1', isEnterpriseInstall: false })).bot?.token).toBe(
          'xoxb-E1',
        );
        expect((await installs.listIds()).sort()).toEqual(['E1', 'T1', 'T10']);
      });

      it('uninstalling a workspace deletes its installation only, and uninstalling the org the org’s only', async () => {
        const installs = new Installations(store, box);
        await installs.storeInstallation(install({ teamId: 'T1', enterpriseId: 'E1', token: 'xoxb-T1' }));
        await installs.storeInstallation(install({ enterpriseId: 'E1', token: 'xoxb-E1' }));
        await installs.storeInstallation(install({ teamId: 'T10', token: 'xoxb-T10' }));

        await installs.deleteInstallation({ teamId: 'T1', enterpriseId: 'E1', isEnterpriseInstall: false });
        expect(await installs.has('T1')).toBe(false);
        expect(await installs.has('E1')).toBe(true);
        expect(await installs.has('T10')).toBe(true);
        // T1 is now served by its org.
        expect((await installs.find({ teamId: 'T1', enterpriseId: 'E1' }))?.bot?.token).toBe('xoxb-E1');

        await installs.deleteInstallation({ teamId: 'T10', enterpriseId: 'E1', isEnterpriseInstall: true });
        expect(await installs.has('E1')).toBe(false);
        expect(await installs.has('T10')).toBe(true);
        await installs.deleteInstallation({ teamId: undefined, enterpriseId: undefined, isEnterpriseInstall: false });
        expect(await installs.listIds()).toEqual(['T10']);
      });

      it('keeps an install under its team id, an org-wide one under its enterprise id, and refuses one with neither', () => {
        expect(installationIdOfInstall(install({ teamId: 'T1', enterpriseId: 'E1', token: 'x' }))).toBe('T1');
        expect(installationIdOfInstall(install({ enterpriseId: 'E1', token: 'x' }))).toBe('E1');
        const orgWithoutId = { ...install({ enterpriseId: 'E1', token: 'x' }), enterprise: undefined } as Installation;
        expect(() => installationIdOfInstall(orgWithoutId)).toThrow(InstallationNotFoundError);
        const teamWithoutId = { ...install({ teamId: 'T1', token: 'x' }), team: undefined } as Installation;
        expect(() => installationIdOfInstall(teamWithoutId)).toThrow(InstallationNotFoundError);
        expect(() => installationIdOfInstall(teamWithoutId)).toThrow('an installation without a team or enterprise id');
      });

      it('says "not found" for a workspace never installed and "unreadable" for one sealed with another key', async () => {
        const installs = new Installations(store, box);
        await installs.storeInstallation(install({ teamId: 'T1', token: 'xoxb-T1' }));
        await new Installations(store, createSecretBox([randomBytes(32)])).storeInstallation(install({ teamId: 'T2', token: 'xoxb-T2' }));

        const missing = await installs
          .fetchInstallation({ teamId: 'T3', enterpriseId: undefined, isEnterpriseInstall: false })
          .catch((e) => e);
        expect(missing).toBeInstanceOf(InstallationNotFoundError);
        expect(missing).toMatchObject({ name: 'InstallationNotFoundError', message: 'no installation for this workspace' });

        const unreadable = await installs.read('T2').catch((e) => e);
        expect(unreadable).toBeInstanceOf(InstallationUnreadableError);
        expect(unreadable).toMatchObject({
          name: 'InstallationUnreadableError',
          installationId: 'T2',
          message: 'the stored installation T2 cannot be opened with the configured encryption keys',
        });
        expect((unreadable as Error).cause).toBeInstanceOf(Error);

        expect(await installs.has('T2')).toBe(true);
        expect(await installs.has('T3')).toBe(false);
        expect(await installs.unreadable(['T1', 'T2', 'T3'])).toEqual(['T2']);
        expect(await installs.unreadable([])).toEqual([]);
      });

      it('reading an installation sealed with the newest key writes nothing back', async () => {
        const installs = new Installations(store, box);
        await installs.storeInstallation(install({ teamId: 'T1', token: 'xoxb-T1' }));
        const sealed = await store.get(keys.installation('T1'));
        expect((await installs.read('T1'))?.bot?.token).toBe('xoxb-T1');
        expect(await store.get(keys.installation('T1'))).toBe(sealed);
      });
    });

    describe('OrgWorkspaces', () => {
      it('an org lists its own workspaces only (E1 is not a prefix of E10), and a workspace names its own org', async () => {
        const org = new OrgWorkspaces(store);
        await org.record('E1', 'T2');
        await org.record('E1', 'T1');
        await org.record('E10', 'T3');
        await org.record('E2', 'T4');
        expect((await org.teamsOf('E1')).sort()).toEqual(['T1', 'T2']);
        expect(await org.teamsOf('E10')).toEqual(['T3']);
        expect(await org.teamsOf('E3')).toEqual([]);
        expect(await org.orgOf('T1')).toBe('E1');
        expect(await org.orgOf('T3')).toBe('E10');
        expect(await org.orgOf('T10')).toBeUndefined();
      });

      it('recording a workspace for the first time deletes nothing (no old org to leave)', async () => {
        const deleted: string[] = [];
        const counting = interposed(store, {
          delete: async (key) => {
            deleted.push(key);
            await store.delete(key);
          },
        });
        await new OrgWorkspaces(counting).record('E1', 'T1');
        expect(deleted).toEqual([]);
        await new OrgWorkspaces(counting).record('E2', 'T1');
        expect(deleted).toEqual([keys.orgTeam('E1', 'T1')]);
      });

      it('recording a workspace again keeps it listed; moving it to another org takes it off the old org’s list only', async () => {
        const org = new OrgWorkspaces(store);
        await org.record('E1', 'T1');
        await org.record('E1', 'T2');
        await org.record('E1', 'T1');
        expect((await org.teamsOf('E1')).sort()).toEqual(['T1', 'T2']);
        await org.record('E2', 'T1');
        expect(await org.teamsOf('E1')).toEqual(['T2']);
        expect(await org.teamsOf('E2')).toEqual(['T1']);
        expect(await org.orgOf('T1')).toBe('E2');
        expect(await org.orgOf('T2')).toBe('E1');
        org.forget('E2', 'T1');
        expect(await org.orgOf('T1')).toBe('E2');
      });
    });
  });
}
