/**
 * An uninstall deletes every key of the workspace, of every family keys.ts builds. The table below
 * names each builder of `keys` (a new one does not compile until it says whose its keys are), so
 * a family added later cannot be left out of forgetWorkspaceData unnoticed.
 */
import { describe, expect, it } from 'vitest';
import { forgetWorkspaceData } from '../../src/store/forget-workspace.js';
import { keys, leaseNames } from '../../src/store/keys.js';
import { createMemoryStateStore } from '../../src/store/memory-state-store.js';
import { OrgWorkspaces } from '../../src/store/org-workspaces.js';

/**
 * Per builder, one key of team `t` (installed on its own, or in org E1), and whose it is:
 * 'workspace' and 'installation' keys go with the workspace, 'shared' ones serve every workspace.
 * A run id starts with its team (runIdFor).
 */
type Whose = 'workspace' | 'installation' | 'shared' | 'not a key';
const families: Record<keyof typeof keys, { whose: Whose; key: (t: string) => string; value?: (t: string) => string }> = {
  run: { whose: 'workspace', key: (t) => keys.run(`${t}-r1`) },
  runProgress: { whose: 'workspace', key: (t) => keys.runProgress(`${t}-r1`) },
  activeRun: { whose: 'workspace', key: (t) => keys.activeRun(`${t}-r1`) },
  activeRunPrefix: { whose: 'not a key', key: () => keys.activeRunPrefix },
  lease: { whose: 'workspace', key: (t) => keys.lease(leaseNames.threadStart(t, 'C1', '1.0')) },
  runLease: { whose: 'workspace', key: (t) => keys.runLease(`${t}-r1`) },
  digestLock: { whose: 'workspace', key: (t) => keys.digestLock(t, 'C1') },
  thread: { whose: 'workspace', key: (t) => keys.thread(t, 'C1', '1.0') },
  conversation: { whose: 'workspace', key: (t) => keys.conversation(t, '42') },
  // Written before the team was in the key: only its value says whose it is.
  legacyConversation: {
    whose: 'workspace',
    key: (t) => keys.legacyConversation(t === 'T1' ? '1001' : t === 'T10' ? '1010' : '1002'),
    value: (t) => JSON.stringify({ teamId: t, channelId: 'C1', threadTs: '1.0' }),
  },
  threadQueue: { whose: 'workspace', key: (t) => keys.threadQueue(t, 'C1', '1.0') },
  threadQueuePrefix: { whose: 'not a key', key: () => keys.threadQueuePrefix },
  event: { whose: 'shared', key: (t) => keys.event(`Ev${t}`) },
  signedRequestMinute: { whose: 'shared', key: (t) => keys.signedRequestMinute(t === 'T1' ? 1_750_000_000 : 1_750_000_060) },
  subscription: { whose: 'workspace', key: (t) => keys.subscription(t, 'C1') },
  subscriptionPrefix: { whose: 'not a key', key: (t) => keys.subscriptionPrefix(t) },
  digestSlot: { whose: 'workspace', key: (t) => keys.digestSlot(t, 'C1', '2025-03-10T09:00') },
  digestSnapshot: { whose: 'workspace', key: (t) => keys.digestSnapshot(t, 'C1') },
  digestSlotTs: { whose: 'workspace', key: (t) => keys.digestSlotTs(t, 'C1', '2025-03-10T09:00') },
  folder: { whose: 'workspace', key: (t) => keys.folder(t, 'F1') },
  folderPrefix: { whose: 'not a key', key: (t) => keys.folderPrefix(t) },
  researchDocument: { whose: 'workspace', key: (t) => keys.researchDocument(t, 'doc1') },
  researchDocumentPrefix: { whose: 'not a key', key: (t) => keys.researchDocumentPrefix(t) },
  researchDocumentFile: { whose: 'workspace', key: (t) => keys.researchDocumentFile(t, 'fld_1', 'F1') },
  researchDocumentTold: { whose: 'workspace', key: (t) => keys.researchDocumentTold(t, 'doc1') },
  watch: { whose: 'workspace', key: (t) => keys.watch(t, 'C1', 'w1') },
  watchPrefix: { whose: 'not a key', key: (t) => keys.watchPrefix(t) },
  watchSlots: { whose: 'workspace', key: (t) => keys.watchSlots(t, 'C1') },
  watchState: { whose: 'workspace', key: (t) => keys.watchState(t, 'C1', 'w1') },
  watchAlertTs: { whose: 'workspace', key: (t) => keys.watchAlertTs(t, 'C1', 'w1', 'a1') },
  watchBudget: { whose: 'shared', key: () => keys.watchBudget(42) },
  watchBudgetBlocked: { whose: 'shared', key: () => keys.watchBudgetBlocked },
  recentRuns: { whose: 'workspace', key: (t) => keys.recentRuns(t, 'U1') },
  answerFeedback: { whose: 'workspace', key: (t) => keys.answerFeedback(t, 'C1', '1.0', 'U1') },
  answerFeedbackPrefix: { whose: 'not a key', key: (t) => keys.answerFeedbackPrefix(t) },
  budgetWindow: { whose: 'workspace', key: (t) => keys.budgetWindow(t, 'chat.update', 'C1', 42) },
  budgetBlocked: { whose: 'workspace', key: (t) => keys.budgetBlocked(t, 'chat.postMessage', undefined) },
  installation: { whose: 'installation', key: (t) => keys.installation(t) },
  installationPrefix: { whose: 'not a key', key: () => keys.installationPrefix },
  serviceConnection: { whose: 'installation', key: (t) => keys.serviceConnection(t) },
  teamOrg: { whose: 'workspace', key: (t) => keys.teamOrg(t), value: () => 'E1' },
  orgTeam: { whose: 'workspace', key: (t) => keys.orgTeam('E1', t) },
  orgTeamPrefix: { whose: 'not a key', key: () => keys.orgTeamPrefix('E1') },
  externalAccess: { whose: 'workspace', key: (t) => keys.externalAccess(t) },
  savedCanvas: { whose: 'workspace', key: (t) => keys.savedCanvas(t, 'C1', 'answer-x1') },
  workObjectsRefused: { whose: 'workspace', key: (t) => keys.workObjectsRefused(t) },
  pendingExport: { whose: 'workspace', key: (t) => keys.pendingExport(t, 'x1') },
  pendingExportPrefix: { whose: 'not a key', key: () => keys.pendingExportPrefix },
  workflowExecution: { whose: 'workspace', key: (t) => keys.workflowExecution(t, 'Fx1') },
  workflowExecutionPrefix: { whose: 'not a key', key: () => keys.workflowExecutionPrefix },
  workflowExecutionDone: { whose: 'workspace', key: (t) => keys.workflowExecutionDone(t, 'Fx1') },
  mcpToken: { whose: 'workspace', key: (t) => keys.mcpToken(t, 'ab12') },
  mcpTokenPrefix: { whose: 'not a key', key: (t) => keys.mcpTokenPrefix(t) },
  mcpQuestion: { whose: 'workspace', key: (t) => keys.mcpQuestion(t, 'q_1') },
};

const stored = (whose: Whose[]) => Object.values(families).filter((family) => whose.includes(family.whose));

describe('forgetWorkspaceData', () => {
  it('deletes a key of every family of the workspace and its installation, and no other workspace’s (T1 is not a prefix of T10)', async () => {
    const store = createMemoryStateStore();
    for (const team of ['T1', 'T10', 'T2']) {
      for (const family of stored(['workspace', 'installation', 'shared'])) {
        await store.set(family.key(team), family.value?.(team) ?? '1');
      }
      await new OrgWorkspaces(store).record('E1', team);
    }

    await forgetWorkspaceData(store, ['T1'], 'T1');

    for (const family of stored(['workspace', 'installation'])) expect(await store.get(family.key('T1')), family.key('T1')).toBeNull();
    for (const team of ['T10', 'T2']) {
      for (const family of stored(['workspace', 'installation', 'shared'])) {
        expect(await store.get(family.key(team)), family.key(team)).not.toBeNull();
      }
    }
    expect((await new OrgWorkspaces(store).teamsOf('E1')).sort()).toEqual(['T10', 'T2']);
  });
});
