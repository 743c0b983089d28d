/**
 * The fence a user of another organisation passes first (external-access.ts), and the refusal a
 * workspace-data command gives them (refuse-external-user.ts), against the Slack emulator's
 * users.info: the seed workspace's people, its Slack Connect guest, and the Northwind org.
 */
import type { RespondArguments, RespondFn, SlashCommand } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { externalOrg, northwindOrg } from '../../../../src/emulators/slack/index.js';
import type { CommandContext } from '../../../../src/slack/kit/command-context.js';
import { checkExternalAccess, EXTERNAL_ACCESS_OFF } from '../../../../src/slack/kit/permissions/external-access.js';
import { EXTERNAL_DATA_REFUSAL } from '../../../../src/slack/kit/permissions/external-user.js';
import { refusedToExternalUser } from '../../../../src/slack/kit/permissions/refuse-external-user.js';
import { createAppStores } from '../../../../src/store/app-stores.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';
import { callsOf, logged, type PermissionSlack, startPermissionSlack } from './permission-slack.js';

let s: PermissionSlack;
let org: WebClient;
beforeAll(async () => {
  s = await startPermissionSlack();
  org = await s.installedClient({ enterpriseId: northwindOrg.enterpriseId });
});
afterAll(async () => s?.slack.close());
beforeEach(() => {
  s.slack.calls.length = 0;
  s.log.lines.length = 0;
});

const TURNED_OFF = 'refused a user of another organisation: turned off by an admin';
const DATA_REFUSED = 'refused workspace data to a user of another organisation';

describe('checkExternalAccess', () => {
  it('says the switch’s refusal in plain words', () => {
    expect(EXTERNAL_ACCESS_OFF).toBe(
      'Research Desk is turned off for people from other organisations in this shared channel: an admin of the workspace that installed it chose so. Only an admin of that workspace can turn it back on, from the admin section of Research Desk’s Home tab.',
    );
    expect(EXTERNAL_DATA_REFUSAL).toBe(
      'Folders, watches, files and the Home tab belong to the workspace that installed Research Desk, so people from other organisations cannot use them. You can still ask public research questions: mention @Research Desk with your question.',
    );
  });

  it('lets the Slack Connect guest ask, refuses them workspace data with a log line, and everything once turned off', async () => {
    const stores = createAppStores(createMemoryStateStore());
    const req = { client: s.client, workspace: { teamId: s.slack.teamId }, userId: externalOrg.userId, log: s.log };
    expect(await checkExternalAccess(stores, req)).toEqual({ allowed: true, external: true, userTeamId: externalOrg.teamId });
    expect(callsOf(s.slack, 'users.info').map((c) => c.args.user)).toEqual([externalOrg.userId]);
    expect(await checkExternalAccess(stores, { ...req, workspaceData: true })).toEqual({
      allowed: false,
      reason: EXTERNAL_DATA_REFUSAL,
      userTeamId: externalOrg.teamId,
      why: 'workspace_data',
    });
    expect(logged(s.log, DATA_REFUSED)).toMatchObject([{ level: 'info', user: externalOrg.userId, user_team: externalOrg.teamId }]);
    expect(logged(s.log, TURNED_OFF)).toEqual([]);
    await stores.externalAccess.set(s.slack.teamId, false, s.slack.adminUserId);
    expect(await checkExternalAccess(stores, req)).toEqual({
      allowed: false,
      reason: EXTERNAL_ACCESS_OFF,
      userTeamId: externalOrg.teamId,
      why: 'turned_off',
    });
    expect(logged(s.log, TURNED_OFF)).toMatchObject([{ level: 'info', user: externalOrg.userId, user_team: externalOrg.teamId }]);
  });

  it('counts a person of another workspace of the installing org as inside it, of another org as outside', async () => {
    const stores = createAppStores(createMemoryStateStore());
    await stores.externalAccess.set(northwindOrg.equities.teamId, false, northwindOrg.equities.adminUserId);
    const req = { client: org, userId: northwindOrg.credit.userId, log: s.log, workspaceData: true };
    const inOrg = { teamId: northwindOrg.equities.teamId, enterpriseId: northwindOrg.enterpriseId };
    expect(await checkExternalAccess(stores, { ...req, workspace: inOrg })).toEqual({
      allowed: true,
      external: false,
      userTeamId: northwindOrg.credit.teamId,
    });
    expect(await checkExternalAccess(stores, { ...req, workspace: { teamId: inOrg.teamId } })).toMatchObject({
      allowed: false,
      why: 'turned_off',
    });
  });
});

describe('refusedToExternalUser', () => {
  /** Bolt's respond, recording what the command answered. */
  function recordingRespond(): RespondFn & { sent: RespondArguments[] } {
    const sent: RespondArguments[] = [];
    const respond = async (message: string | RespondArguments) => {
      sent.push(typeof message === 'string' ? { text: message } : message);
      return undefined as never;
    };
    return Object.assign(respond, { sent });
  }
  const contextOf = (userId: string): CommandContext & { respond: ReturnType<typeof recordingRespond> } => ({
    command: { command: '/research', text: 'folders', user_id: userId, channel_id: externalOrg.sharedChannelId } as SlashCommand,
    respond: recordingRespond(),
    client: s.client,
    log: s.log,
    correlationId: 'corr-ext',
    workspace: { teamId: s.slack.teamId },
  });

  it('lets a person of the workspace through, answering nothing', async () => {
    const ctx = contextOf(s.slack.defaultUserId);
    expect(await refusedToExternalUser(createAppStores(createMemoryStateStore()), ctx)).toBe(false);
    expect(ctx.respond.sent).toEqual([]);
    expect(callsOf(s.slack, 'users.info').map((c) => c.args.user)).toEqual([s.slack.defaultUserId]);
  });

  it('tells the Slack Connect guest, in an ephemeral answer, that workspace data is not theirs, though they may ask', async () => {
    const ctx = contextOf(externalOrg.userId);
    expect(await refusedToExternalUser(createAppStores(createMemoryStateStore()), ctx)).toBe(true);
    expect(ctx.respond.sent).toHaveLength(1);
    expect(ctx.respond.sent[0]).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(JSON.stringify((ctx.respond.sent[0] as { blocks?: unknown }).blocks)).toContain(':no_entry:');
    expect(ctx.respond.sent[0]?.text).toContain('people from other organisations cannot use them');
  });
});
