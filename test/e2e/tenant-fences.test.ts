/**
 * Issue 28, "one workspace, one fence": every route that takes an id, driven with the owner's ids
 * by people who must not reach them — a member and an admin of another workspace, a member and an
 * admin of the org's other workspace (one org-wide install, one service connection), and, where the
 * object is its creator's, another member of the owner's own workspace. Each must get an answer
 * that says something, see none of the owner's words, change no state of the owner's and put
 * nothing in the owner's channel. The table is tenant-rows.ts; the census below fails for a route
 * the app registers with neither a row nor a reason in ROUTES_WITHOUT_IDS.
 *
 * Real things only: the app between the Slack and service emulators, Redis, installs through the
 * emulator's OAuth; clicks and submissions are forged as signed requests (tenant-forge.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.js';
import { ownerChannelView, ownerSnapshot, prepareOwner, type OwnerData } from './support/tenant-owner.js';
import { registeredRoutes, ROUTES_WITHOUT_IDS } from './support/tenant-routes.js';
import { FENCE_ROWS, type FenceRow, type Role } from './support/tenant-rows.js';
import { credit, equities, harbor, seed, startTenantWorld, type Person, type Workspace } from './support/tenant-world.js';

describe('the fence table covers every route', () => {
  const routes = registeredRoutes();
  const covered = new Set(FENCE_ROWS.map((r) => r.route));

  it('every registered route has a row or a reason it takes no id', () => {
    const missing = routes.filter((r) => !covered.has(r) && ROUTES_WITHOUT_IDS[r] === undefined);
    expect(missing, 'routes with neither a fence row nor a reason in ROUTES_WITHOUT_IDS').toEqual([]);
  });

  it('rows and reasons name routes the app registers (none stale)', () => {
    const known = new Set(routes);
    expect([...covered, ...Object.keys(ROUTES_WITHOUT_IDS)].filter((r) => !known.has(r))).toEqual([]);
    expect(
      Object.keys(ROUTES_WITHOUT_IDS).filter((r) => covered.has(r)),
      'a route with a row needs no reason',
    ).toEqual([]);
  });
});

let h: Harness;

beforeAll(async () => {
  h = await startTenantWorld();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

interface Owner {
  name: string;
  ws: Workspace;
  attackers: Array<[Role, Person]>;
}

/** The org's workspace owns, then a standalone workspace owns: each driven by everyone else in reach. */
const OWNERS: Owner[] = [
  {
    name: 'Northwind Equities (org)',
    ws: equities,
    attackers: [
      ['other workspace member', harbor.member],
      ['other workspace admin', harbor.admin],
      ['org sibling member', credit.member],
      ['org sibling admin', credit.admin],
      ['same workspace member', equities.member],
    ],
  },
  {
    // A standalone workspace has no org sibling.
    name: 'Harbor Capital',
    ws: harbor,
    attackers: [
      ['other workspace member', seed.member],
      ['other workspace admin', seed.admin],
      ['same workspace member', harbor.member],
    ],
  },
];

/** Keys added, removed or changed, with both values, so a failure says what moved. */
function changedKeys(before: Record<string, string | null>, after: Record<string, string | null>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.filter((k) => before[k] !== after[k]).map((k) => `${k}: ${before[k] ?? '(none)'} → ${after[k] ?? '(none)'}`);
}

/** The `value` of every element in the blocks the person was shown (JSON text, values JSON-escaped inside). */
function buttonValuesOf(shown: string): string[] {
  return [...shown.matchAll(/"value":"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? '');
}

/** Drives the row as `who` and checks the fence: nothing of the owner's shown, changed or posted, and a message. */
async function expectFenced(row: FenceRow, d: OwnerData, role: Role, who: Person): Promise<void> {
  const state = await ownerSnapshot(h, d);
  const channel = ownerChannelView(h, d);
  const logsFrom = h.logs.length;
  const serviceFrom = h.service.requestLog.length;
  const seen = await row.drive(h, d, who);
  const logs = () => `\napp log:\n${h.logs.slice(logsFrom).join('\n').slice(0, 4000)}`;
  // A colleague sees the workspace's folder names, public channels' watches and answers anyway; not a private channel's.
  for (const secret of role === 'same workspace member' ? d.privateSecrets : d.secrets) {
    expect(seen.all, `shows the owner’s “${secret}”`).not.toContain(secret);
  }
  // No button handed over works on the owner's object (a Delete, Remove, Cancel or Replay carrying its id).
  const ids = [
    d.folder.id,
    d.watch.id,
    d.privateWatch.id,
    d.run.runId,
    ...(role === 'same workspace member' ? [] : [d.run.conversationId]),
  ];
  expect(
    buttonValuesOf(seen.all).filter((v) => ids.some((id) => v.includes(id))),
    'buttons on the owner’s objects',
  ).toEqual([]);
  expect(changedKeys(state, await ownerSnapshot(h, d)), `the owner’s state${logs()}`).toEqual([]);
  expect(ownerChannelView(h, d), `the owner’s channel${logs()}`).toBe(channel);
  // The service's folders are its account's (an org's workspaces share one): no row may delete anything there.
  const deletes = h.service.requestLog.slice(serviceFrom).filter((e) => e.method === 'DELETE' && e.status < 300);
  expect(
    deletes.map((e) => e.path),
    `deleted in the research service${logs()}`,
  ).toEqual([]);
  expect(seen.all.trim(), `the person is told something${logs()}`).not.toBe('');
}

/** The row's roles: every one but those it is not about (a colleague may use a workspace's shared things). */
const applies = (row: FenceRow, role: Role) =>
  (row.only === undefined || row.only.includes(role)) && (role !== 'same workspace member' || row.sameWorkspace === true);

describe.each(OWNERS)('$name owns a folder, a watch, a digest and an answered run', (o) => {
  let d: OwnerData;

  beforeAll(async () => {
    d = await prepareOwner(h, o.ws, o.ws.teamId.slice(-4).toLowerCase());
  }, 180_000);

  for (const row of FENCE_ROWS) {
    const cases = o.attackers.filter(([role]) => applies(row, role));
    if (cases.length === 0) continue;
    describe(`${row.route} — ${row.name}`, () => {
      it.each(cases)(
        'as %s: refused with a message; nothing of the owner’s shown or changed',
        (role, who) => expectFenced(row, d, role, who),
        60_000,
      );
    });
  }
});
