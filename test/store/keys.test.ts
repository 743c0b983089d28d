/**
 * Key naming per workspace (keys.ts): two workspaces, or two org-wide installations, never share a
 * key, no workspace's key falls under another's prefixes (what an uninstall deletes and a listing
 * reads), and an id holding separators cannot forge a key of another workspace.
 */
import { describe, expect, it } from 'vitest';
import {
  appKeyPrefixes,
  installationKeys,
  isLegacyConversationKey,
  keys,
  leaseNames,
  legacyConversationPrefix,
  QUEUED_QUESTION_LIMITS,
  RECENT_RUNS_LIMIT,
  RUN_ID_TEAM_SEPARATOR,
  TTL,
  workspaceKeyPrefixes,
  workspaceSingleKeys,
} from '../../src/store/keys.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every key a workspace owns, by family: team `t`, and `id` in every other id's place (a channel,
 * thread, folder, document, watch, user, run…), so two calls differ only where the test says.
 */
const workspaceKeys: Record<string, (t: string, id: string) => string> = {
  run: (t, id) => keys.run(`${t}${RUN_ID_TEAM_SEPARATOR}${id}`),
  runProgress: (t, id) => keys.runProgress(`${t}${RUN_ID_TEAM_SEPARATOR}${id}`),
  activeRun: (t, id) => keys.activeRun(`${t}${RUN_ID_TEAM_SEPARATOR}${id}`),
  runLease: (t, id) => keys.runLease(`${t}${RUN_ID_TEAM_SEPARATOR}${id}`),
  runLeaseByName: (t, id) => keys.lease(leaseNames.run(`${t}${RUN_ID_TEAM_SEPARATOR}${id}`)),
  digestLock: (t, id) => keys.digestLock(t, id),
  digestLease: (t, id) => keys.lease(leaseNames.digest(t, id)),
  threadStartLease: (t, id) => keys.lease(leaseNames.threadStart(t, id, id)),
  watchLease: (t, id) => keys.lease(leaseNames.watch(t, id, id)),
  exportLease: (t, id) => keys.lease(leaseNames.export(t, id)),
  thread: (t, id) => keys.thread(t, id, id),
  conversation: (t, id) => keys.conversation(t, id),
  threadQueue: (t, id) => keys.threadQueue(t, id, id),
  subscription: (t, id) => keys.subscription(t, id),
  digestSlot: (t, id) => keys.digestSlot(t, id, id),
  digestSnapshot: (t, id) => keys.digestSnapshot(t, id),
  digestSlotTs: (t, id) => keys.digestSlotTs(t, id, id),
  folder: (t, id) => keys.folder(t, id),
  researchDocument: (t, id) => keys.researchDocument(t, id),
  researchDocumentFile: (t, id) => keys.researchDocumentFile(t, id, id),
  researchDocumentTold: (t, id) => keys.researchDocumentTold(t, id),
  watch: (t, id) => keys.watch(t, id, id),
  watchSlots: (t, id) => keys.watchSlots(t, id),
  watchState: (t, id) => keys.watchState(t, id, id),
  watchAlertTs: (t, id) => keys.watchAlertTs(t, id, id, id),
  recentRuns: (t, id) => keys.recentRuns(t, id),
  answerFeedback: (t, id) => keys.answerFeedback(t, id, id, id),
  channelBudgetWindow: (t, id) => keys.budgetWindow(t, 'chat.postMessage', id, 7),
  workspaceBudgetWindow: (t, id) => keys.budgetWindow(t, id, undefined, 7),
  channelBudgetBlocked: (t, id) => keys.budgetBlocked(t, 'chat.postMessage', id),
  workspaceBudgetBlocked: (t, id) => keys.budgetBlocked(t, id, undefined),
  pendingExport: (t, id) => keys.pendingExport(t, id),
  savedCanvas: (t, id) => keys.savedCanvas(t, id, id),
  canvasLease: (t, id) => keys.lease(leaseNames.canvas(t, id, id)),
  teamOrg: (t) => keys.teamOrg(t),
  externalAccess: (t) => keys.externalAccess(t),
  workObjectsRefused: (t) => keys.workObjectsRefused(t),
  mcpToken: (t, id) => keys.mcpToken(t, id),
  mcpQuestion: (t, id) => keys.mcpQuestion(t, id),
  workflowExecution: (t, id) => keys.workflowExecution(t, id),
  workflowExecutionDone: (t, id) => keys.workflowExecutionDone(t, id),
};

/** Org membership is the org's list, deleted by lookup (forgetWorkspaceData), not under the team's prefixes. */
const orgMembership = (t: string, id: string): string => keys.orgTeam(`E${id}`, t);

const TEAMS = ['T1', 'T2', 'T10', 'T1A'] as const;
/** Ids as they come (Slack ids, ts values) and ids holding the separators a forger would try. */
const IDS = ['C1', '1700000000.000100', 'T2', 'T2:C1', ':T2:', 'T2-r1', 'a:b:c', ''] as const;

const ownedBy = (team: string, key: string): boolean =>
  workspaceKeyPrefixes(team).some((prefix) => key.startsWith(prefix)) || workspaceSingleKeys(team).includes(key);

const families = Object.entries(workspaceKeys);

describe('keys: per-workspace key naming', () => {
  it('every per-workspace key differs between two team ids when every other id is the same', () => {
    for (const [family, key] of [...families, ['orgMembership', orgMembership] as const]) {
      for (const id of IDS) {
        const byTeam = TEAMS.map((team) => key(team, id));
        expect(new Set(byTeam).size, `${family}(${id})`).toBe(TEAMS.length);
      }
    }
  });

  it('a workspace’s key falls under its own prefixes or single keys, never under another workspace’s (T1 is not a prefix of T10)', () => {
    for (const [family, key] of families) {
      for (const team of TEAMS) {
        for (const id of IDS) {
          const built = key(team, id);
          expect(ownedBy(team, built), `${family}: ${built} is ${team}'s`).toBe(true);
          for (const other of TEAMS.filter((t) => t !== team)) expect(ownedBy(other, built), `${built} is not ${other}'s`).toBe(false);
        }
      }
    }
  });

  it('an id holding separators or another team id cannot forge another workspace’s key', () => {
    for (const [family, key] of [...families, ['orgMembership', orgMembership] as const]) {
      const theirs = new Set(IDS.flatMap((id) => TEAMS.filter((t) => t !== 'T1').map((team) => key(team, id))));
      for (const id of IDS) expect(theirs.has(key('T1', id)), `${family}(T1, ${id}) is ${key('T1', id)}`).toBe(false);
    }
  });

  it('an org’s membership entry names its org and team: another org’s list never holds it', () => {
    expect(keys.orgTeam('E1', 'T1')).not.toBe(keys.orgTeam('E2', 'T1'));
    expect(keys.orgTeam('E1', 'T1')).not.toBe(keys.orgTeam('E1', 'T2'));
    expect(keys.orgTeam('E1', 'T1').startsWith(keys.orgTeamPrefix('E1'))).toBe(true);
    for (const other of ['E2', 'E10', 'E']) {
      expect(keys.orgTeam('E1', 'T1').startsWith(keys.orgTeamPrefix(other)), other).toBe(false);
      expect(keys.orgTeam(other, 'T1').startsWith(keys.orgTeamPrefix('E1')), other).toBe(false);
    }
    expect(keys.teamOrg('T1')).not.toBe(keys.teamOrg('T10'));
    expect(workspaceSingleKeys('T1')).toEqual([keys.teamOrg('T1'), keys.externalAccess('T1'), keys.workObjectsRefused('T1')]);
  });

  it('an installation’s keys (a workspace’s or an org’s) are its own, and its prefix lists only its own workspaces', () => {
    const ids = ['T1', 'T2', 'E1', 'E2', 'E10'];
    const singles = ids.map((id) => installationKeys(id).single);
    for (const [i, id] of ids.entries()) {
      expect(singles[i], id).toEqual([keys.installation(id), keys.serviceConnection(id)]);
      expect(installationKeys(id).prefixes, id).toEqual([keys.orgTeamPrefix(id)]);
    }
    expect(new Set(singles.flat()).size).toBe(ids.length * 2);
    expect(keys.installation('E1')).not.toBe(keys.serviceConnection('E1'));
    const [e1] = installationKeys('E1').prefixes;
    expect(keys.orgTeam('E1', 'T5').startsWith(e1 ?? '?')).toBe(true);
    expect(keys.orgTeam('E10', 'T5').startsWith(e1 ?? '?')).toBe(false);
    expect(keys.orgTeam('E2', 'T5').startsWith(e1 ?? '?')).toBe(false);
    // Listing installations finds workspaces' and orgs' alike, and nothing else.
    for (const id of ids) expect(keys.installation(id).startsWith(keys.installationPrefix), id).toBe(true);
    expect(keys.serviceConnection('T1').startsWith(keys.installationPrefix)).toBe(false);
    expect(keys.installation('T1').slice(keys.installationPrefix.length)).toBe('T1');
  });
});

describe('keys: listing prefixes', () => {
  it('a per-team listing prefix covers that team’s records only; without a team it covers every team’s', () => {
    const listings = [
      { prefix: keys.subscriptionPrefix, key: (t: string) => keys.subscription(t, 'C1') },
      { prefix: keys.researchDocumentPrefix, key: (t: string) => keys.researchDocument(t, 'd1') },
      { prefix: keys.answerFeedbackPrefix, key: (t: string) => keys.answerFeedback(t, 'C1', '1.0', 'U1') },
      { prefix: (t?: string) => keys.watchPrefix(t), key: (t: string) => keys.watch(t, 'C1', 'w1') },
      { prefix: (t?: string) => (t === undefined ? 'folder:' : keys.folderPrefix(t)), key: (t: string) => keys.folder(t, 'F1') },
    ];
    for (const { prefix, key } of listings) {
      for (const team of TEAMS) {
        expect(key(team).startsWith(prefix(team)), key(team)).toBe(true);
        expect(key(team).startsWith(prefix()), key(team)).toBe(true);
        for (const other of TEAMS.filter((t) => t !== team))
          expect(key(team).startsWith(prefix(other)), `${key(team)} ${other}`).toBe(false);
      }
    }
  });

  it('a listing prefix never covers another family’s keys (documents are not their file claims or told markers)', () => {
    const docPrefix = keys.researchDocumentPrefix();
    expect(keys.researchDocument('T1', 'd1').startsWith(docPrefix)).toBe(true);
    expect(keys.researchDocumentFile('T1', 'd1', 'F1').startsWith(docPrefix)).toBe(false);
    expect(keys.researchDocumentTold('T1', 'd1').startsWith(docPrefix)).toBe(false);
    for (const other of [keys.watchState('T1', 'C1', 'w1'), keys.watchSlots('T1', 'C1'), keys.watchAlertTs('T1', 'C1', 'w1', 'a1')]) {
      expect(other.startsWith(keys.watchPrefix()), other).toBe(false);
      expect(other.startsWith(keys.watchPrefix('T1')), other).toBe(false);
      expect(other.startsWith(keys.watchPrefix('T1', 'C1')), other).toBe(false);
    }
    expect(keys.digestSlotTs('T1', 'C1', 's').startsWith(keys.subscriptionPrefix())).toBe(false);
    expect(keys.activeRun('T1-r1').startsWith(keys.activeRunPrefix)).toBe(true);
    expect(keys.run('T1-r1').startsWith(keys.activeRunPrefix)).toBe(false);
    expect(keys.threadQueue('T1', 'C1', '1.0').startsWith(keys.threadQueuePrefix)).toBe(true);
    expect(keys.thread('T1', 'C1', '1.0').startsWith(keys.threadQueuePrefix)).toBe(false);
    expect(keys.pendingExport('T1', 'x').startsWith(keys.pendingExportPrefix)).toBe(true);
    expect(keys.lease(leaseNames.export('T1', 'x')).startsWith(keys.pendingExportPrefix)).toBe(false);
  });

  it('a channel’s watch prefix covers that channel of that team only; the team’s covers all its channels', () => {
    const w = keys.watch('T1', 'C1', 'w1');
    expect(w.startsWith(keys.watchPrefix('T1', 'C1'))).toBe(true);
    expect(keys.watch('T1', 'C2', 'w1').startsWith(keys.watchPrefix('T1'))).toBe(true);
    for (const [team, channel] of [
      ['T1', 'C2'],
      ['T1', 'C'],
      ['T2', 'C1'],
      ['T', 'C1'],
    ] as const) {
      expect(w.startsWith(keys.watchPrefix(team, channel)), `${team}/${channel}`).toBe(false);
    }
    expect(keys.watch('T1', 'C10', 'w1').startsWith(keys.watchPrefix('T1', 'C1'))).toBe(false);
    expect(keys.watchPrefix('T1', 'C1')).not.toBe(keys.watchPrefix('T1'));
  });

  it('a channel-scoped rate budget counts per channel, apart from the workspace-wide one of the same method', () => {
    const budgets = [
      keys.budgetWindow('T1', 'chat.postMessage', 'C1', 7),
      keys.budgetWindow('T1', 'chat.postMessage', 'C2', 7),
      keys.budgetWindow('T1', 'chat.postMessage', undefined, 7),
      keys.budgetWindow('T1', 'chat.postMessage', 'C1', 8),
      keys.budgetWindow('T1', 'chat.update', 'C1', 7),
      keys.budgetBlocked('T1', 'chat.postMessage', 'C1'),
      keys.budgetBlocked('T1', 'chat.postMessage', 'C2'),
      keys.budgetBlocked('T1', 'chat.postMessage', undefined),
      keys.budgetBlocked('T1', 'chat.update', undefined),
    ];
    expect(new Set(budgets).size).toBe(budgets.length);
    expect(keys.budgetWindow('T1', 'chat.postMessage', 'C1', 7)).toContain('C1');
    expect(keys.budgetBlocked('T1', 'chat.update', undefined)).not.toContain('undefined');
    expect(keys.budgetWindow('T1', 'chat.update', undefined, 7)).not.toContain('undefined');
  });

  it('tells a conversation recorded before the team was in the key from a workspace’s', () => {
    expect(isLegacyConversationKey(keys.legacyConversation('1197862772277383101'))).toBe(true);
    expect(isLegacyConversationKey(keys.conversation('T1', '1197862772277383101'))).toBe(false);
    expect(isLegacyConversationKey(`x${keys.legacyConversation('42')}`)).toBe(false);
    expect(isLegacyConversationKey(keys.run('42'))).toBe(false);
    expect(keys.legacyConversation('42').startsWith(legacyConversationPrefix)).toBe(true);
    expect(keys.legacyConversation('42')).not.toBe(keys.legacyConversation('43'));
  });
});

describe('keys: the app’s own prefixes', () => {
  it('every key the app writes starts with one of its prefixes, the segment before its first ":" exactly', () => {
    const shared = [
      keys.event('Ev1'),
      keys.signedRequestMinute(1_750_000_000),
      keys.watchBudget(42),
      keys.watchBudgetBlocked,
      keys.legacyConversation('42'),
      keys.installation('E1'),
      keys.serviceConnection('E1'),
      keys.orgTeam('E1', 'T1'),
    ];
    const all = [...families.map(([, key]) => key('T1', 'x')), ...shared];
    for (const key of all) expect(appKeyPrefixes, key).toContain(key.slice(0, key.indexOf(':') + 1));
    for (const prefix of appKeyPrefixes) expect(prefix, prefix).toMatch(/^[a-z-]+:$/);
    expect(new Set(appKeyPrefixes).size).toBe(appKeyPrefixes.length);
  });

  it('the keys of no workspace (event and request dedupe, the shared poll budget) differ by their own ids', () => {
    expect(keys.event('Ev1')).not.toBe(keys.event('Ev2'));
    expect(keys.signedRequestMinute(1_750_000_000)).not.toBe(keys.signedRequestMinute(1_750_000_060));
    // The seconds of one minute share its set.
    expect(keys.signedRequestMinute(1_750_000_020)).toBe(keys.signedRequestMinute(1_750_000_079));
    expect(keys.watchBudget(1)).not.toBe(keys.watchBudget(2));
    expect(keys.watchBudgetBlocked).not.toBe(keys.watchBudget(0));
    expect(keys.event('29166666')).not.toBe(keys.signedRequestMinute(29_166_666 * 60));
  });
});

describe('keys: how long records live', () => {
  it('keeps each record as long as its doc comment promises', () => {
    expect(TTL).toEqual({
      runMs: 7 * DAY,
      threadMs: 30 * DAY,
      conversationMs: 90 * DAY,
      eventMs: HOUR,
      signedRequestMs: 10 * MINUTE,
      digestSlotMs: 35 * DAY,
      digestSnapshotMs: 90 * DAY,
      watchAlertTsMs: 7 * DAY,
      folderMs: 365 * DAY,
      recentRunsMs: 30 * DAY,
      answerFeedbackMs: 365 * DAY,
      threadQueueMs: 2 * HOUR,
      pendingExportMs: DAY,
      workObjectsRefusedMs: DAY,
      mcpQuestionMs: 7 * DAY,
      workflowExecutionMs: DAY,
    });
  });

  it('a signed request’s claim outlives its acceptance window; a thread’s queue outlives its questions', () => {
    // Accepted from one minute before its timestamp to five after.
    expect(TTL.signedRequestMs).toBeGreaterThan(6 * MINUTE);
    // Slack retries for a few minutes; the brief asks for at least ten.
    expect(TTL.eventMs).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(TTL.threadQueueMs).toBeGreaterThan(QUEUED_QUESTION_LIMITS.maxWaitMs);
    expect(QUEUED_QUESTION_LIMITS).toEqual({ perThread: 5, maxWaitMs: 30 * MINUTE });
    expect(RECENT_RUNS_LIMIT).toBe(10);
  });
});
