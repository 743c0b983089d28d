/**
 * The fence table: one row per route that takes an id, saying how the owner's id is put into it
 * and driven by someone else. The suite runs every row as every other person (tenant-fences.test.ts)
 * and expects: an answer that says something (never silence), none of the owner's words in it,
 * no state of the owner's changed, nothing new in the owner's channel. `route` is the registry's
 * name for the listener (tenant-routes.ts), so the census can tell a route without a row.
 */
import { FEEDBACK_ACTION_ID } from '../../../src/slack/agent/feedback/feedback-buttons.js';
import { encodeRatedAnswer, FEEDBACK_MODAL } from '../../../src/slack/agent/feedback/feedback-messages.js';
import { REPLAY_ACTION_IDS } from '../../../src/slack/agent/replay/replay-buttons.js';
import { CANCEL_ACTION_ID } from '../../../src/slack/agent/cards/agent-render-context.js';
import { ACTION_IDS, ADD_DOCUMENT_MODAL, CONNECT_MODAL, FINANCIALS_MODAL } from '../../../src/slack/blocks/action-ids.js';
import { MESSAGE_SHORTCUT_IDS } from '../../../src/slack/kit/message-shortcut-ids.js';
import { encodeSearchState } from '../../../src/slack/kit/button-values.js';
import type { Harness } from '../harness.js';
import { forgeClick, forgeSubmission, runShortcut, typeCommand, type Seen } from './tenant-forge.js';
import type { OwnerData } from './tenant-owner.js';
import type { Person } from './tenant-world.js';

/** Who drives a row against the owner. */
export type Role =
  | 'other workspace member'
  | 'other workspace admin'
  | 'org sibling member'
  | 'org sibling admin'
  | 'same workspace member';

export interface FenceRow {
  route: string;
  name: string;
  /**
   * Whether another member of the owner's workspace must be refused too: true when the object is
   * its creator's (or admins'); otherwise why a colleague may use it.
   */
  sameWorkspace: true | string;
  /** Only these roles (a row about the owner's own workspace's settings); every role by default. */
  only?: Role[];
  drive(h: Harness, d: OwnerData, who: Person): Promise<Seen>;
}

const channelRef = (id: string) => `<#${id}|research>`;
const json = (v: unknown) => JSON.stringify(v);
const folderSearch = (d: OwnerData) => encodeSearchState({ k: 'v1', r: { query: 'NVDA', folderIds: [d.folder.id] }, p: 1 });

const COLLEAGUE_CONVERSATION = 'a conversation started in the workspace may be replayed by any member of it';
const COLLEAGUE_CHANNEL = 'a member of a public channel may watch it, list its watches and subscribe it';

const commandRows: FenceRow[] = [
  {
    route: 'command:/research',
    name: '/research replay <conversation>',
    sameWorkspace: COLLEAGUE_CONVERSATION,
    drive: (h, d, who) => typeCommand(h, who, `/research replay ${d.run.conversationId}`),
  },
  {
    route: 'command:/research',
    name: '/research folder delete <folder>',
    sameWorkspace: true,
    drive: (h, d, who) => typeCommand(h, who, `/research folder delete ${d.folder.id}`),
  },
  {
    route: 'command:/research',
    name: '/research <words> in:<folder>',
    sameWorkspace: true,
    drive: (h, d, who) => typeCommand(h, who, `/research NVDA in:${d.folder.id}`),
  },
  // No row for in:"<folder name>": a refusal quotes the name the person typed, which this table
  // could not tell from a leak. Names resolve only among the asker's own workspace's folders
  // (test/e2e/documents-manage-workspaces.test.ts).
  {
    route: 'command:/research',
    name: '/research folder <folder>',
    sameWorkspace: true,
    drive: (h, d, who) => typeCommand(h, who, `/research folder ${d.folder.id}`),
  },
  {
    route: 'command:/research',
    name: '/research watch <keyword> <#owner channel>',
    sameWorkspace: COLLEAGUE_CHANNEL,
    drive: (h, d, who) => typeCommand(h, who, `/research watch "tenantprobe" ${channelRef(d.ws.channelId)}`),
  },
  {
    route: 'command:/research',
    name: '/research watches <#owner channel>',
    sameWorkspace: COLLEAGUE_CHANNEL,
    drive: (h, d, who) => typeCommand(h, who, `/research watches ${channelRef(d.ws.channelId)}`),
  },
  {
    route: 'command:/research',
    name: '/research watches <#private channel>',
    sameWorkspace: true,
    drive: (h, d, who) => typeCommand(h, who, `/research watches ${channelRef(d.privateWatch.channelId)}`),
  },
  {
    route: 'command:/research',
    name: '/research watch <keyword> <#private channel>',
    sameWorkspace: true,
    drive: (h, d, who) => typeCommand(h, who, `/research watch "tenantprobe" ${channelRef(d.privateWatch.channelId)}`),
  },
  {
    route: 'command:/concepts',
    name: '/concepts unsubscribe <#owner channel>',
    sameWorkspace: true,
    drive: (h, d, who) => typeCommand(h, who, `/concepts unsubscribe ${channelRef(d.ws.channelId)}`),
  },
  {
    route: 'command:/concepts',
    name: '/concepts subscribe <#owner channel>',
    sameWorkspace: 'the channel is subscribed already: a colleague’s subscribe changes its schedule, as the owner could',
    only: ['other workspace member', 'other workspace admin', 'org sibling member', 'org sibling admin'],
    drive: (h, d, who) => typeCommand(h, who, `/concepts subscribe ${channelRef(d.ws.channelId)} weekly mon`),
  },
];

const click =
  (actionId: string, value: (d: OwnerData) => string, extra: { home?: boolean } = {}) =>
  (h: Harness, d: OwnerData, who: Person) =>
    forgeClick(h, who, { actionId, value: value(d), ...(extra.home ? { fromHome: true } : {}) });

const buttonRows: FenceRow[] = [
  { route: `action:${CANCEL_ACTION_ID}`, name: 'Cancel <run>', sameWorkspace: true, drive: click(CANCEL_ACTION_ID, (d) => d.run.runId) },
  {
    route: `action:${REPLAY_ACTION_IDS.replay}`,
    name: 'Replay <conversation, answer>',
    sameWorkspace: COLLEAGUE_CONVERSATION,
    drive: click(REPLAY_ACTION_IDS.replay, (d) => json({ c: d.run.conversationId, a: d.run.assistantMessageId })),
  },
  {
    route: `action:${REPLAY_ACTION_IDS.older}`,
    name: 'Older <conversation>',
    sameWorkspace: COLLEAGUE_CONVERSATION,
    drive: click(REPLAY_ACTION_IDS.older, (d) => json({ c: d.run.conversationId, b: '999999999' })),
  },
  {
    route: `action:${FEEDBACK_ACTION_ID}`,
    name: '👍/👎 on <owner’s answer>',
    sameWorkspace: 'any member who sees the answer may rate it',
    drive: (h, d, who) =>
      forgeClick(h, who, {
        actionId: FEEDBACK_ACTION_ID,
        value: json({ f: 'p', c: d.run.conversationId }),
        channelId: d.ws.channelId,
        message: { ts: d.answerTs, thread_ts: d.run.threadTs, metadata: d.answerMetadata },
      }),
  },
  {
    route: `action:${ACTION_IDS.answerCanvas}`,
    name: 'Save as canvas <owner’s answer>',
    sameWorkspace: COLLEAGUE_CONVERSATION,
    drive: click(ACTION_IDS.answerCanvas, (d) => json({ c: d.run.conversationId, m: d.run.assistantMessageId })),
  },
  {
    route: `action:${FEEDBACK_MODAL.openActionId}`,
    name: 'Tell us what was wrong <owner’s answer>',
    sameWorkspace: 'any member who rated the answer may say why',
    drive: click(FEEDBACK_MODAL.openActionId, (d) => ratedAnswer(d)),
  },
  {
    route: `action:${ACTION_IDS.folderDeleteConfirm}`,
    name: 'Delete folder <folder>',
    sameWorkspace: true,
    drive: click(ACTION_IDS.folderDeleteConfirm, (d) => json({ f: d.folder.id })),
  },
  {
    route: `action:${ACTION_IDS.documentDelete}`,
    name: 'Delete <owner’s file>',
    sameWorkspace: true,
    drive: click(ACTION_IDS.documentDelete, (d) => json({ d: d.document.id })),
  },
  {
    route: `action:${ACTION_IDS.documentDeleteConfirm}`,
    name: 'Delete <owner’s file>, confirmed',
    sameWorkspace: true,
    drive: click(ACTION_IDS.documentDeleteConfirm, (d) => json({ d: d.document.id })),
  },
  {
    route: `action:${ACTION_IDS.documentDeleteCancel}`,
    name: 'Keep <owner’s file>',
    sameWorkspace: true,
    drive: click(ACTION_IDS.documentDeleteCancel, (d) => json({ d: d.document.id })),
  },
  {
    route: `action:${ACTION_IDS.folderOpen}`,
    name: 'Open <folder> (App Home)',
    sameWorkspace: true,
    drive: click(ACTION_IDS.folderOpen, (d) => json({ f: d.folder.id }), { home: true }),
  },
  {
    route: `action:${ACTION_IDS.folderDelete}`,
    name: 'Delete folder <folder> (App Home)',
    sameWorkspace: true,
    drive: click(ACTION_IDS.folderDelete, (d) => json({ f: d.folder.id }), { home: true }),
  },
  {
    route: `action:${ACTION_IDS.folderDeleteCancel}`,
    name: 'Keep folder <folder>',
    sameWorkspace: 'Keep changes nothing and shows only the id the clicker sent',
    drive: click(ACTION_IDS.folderDeleteCancel, (d) => json({ f: d.folder.id })),
  },
  ...(['subscriptionPause', 'subscriptionResume', 'subscriptionRemove'] as const).map(
    (id): FenceRow => ({
      route: `action:${ACTION_IDS[id]}`,
      name: `${id.replace('subscription', 'Digest ')} <owner team, channel>`,
      sameWorkspace: true,
      drive: click(ACTION_IDS[id], (d) => json({ t: d.ws.teamId, ch: d.subscriptionChannelId })),
    }),
  ),
  {
    route: `action:${ACTION_IDS.watchRemove}`,
    name: 'Remove watch <owner team, channel, watch>',
    sameWorkspace: true,
    drive: click(ACTION_IDS.watchRemove, (d) => json({ t: d.ws.teamId, ch: d.watch.channelId, w: d.watch.id })),
  },
  {
    route: `action:${ACTION_IDS.watchRemove}`,
    name: 'Remove watch from App Home <owner team, channel, watch>',
    sameWorkspace: true,
    drive: click(ACTION_IDS.watchRemove, (d) => json({ t: d.ws.teamId, ch: d.watch.channelId, w: d.watch.id }), { home: true }),
  },
  {
    route: `action:${ACTION_IDS.watchList}`,
    name: 'Refresh watches <owner channel>',
    sameWorkspace: COLLEAGUE_CHANNEL,
    drive: click(ACTION_IDS.watchList, (d) => json({ ch: d.watch.channelId })),
  },
  {
    route: `action:${ACTION_IDS.watchList}`,
    name: 'Refresh watches <private channel>',
    sameWorkspace: true,
    drive: click(ACTION_IDS.watchList, (d) => json({ ch: d.privateWatch.channelId })),
  },
  {
    route: `action:${ACTION_IDS.watchRemove}`,
    name: 'Remove watch <private channel’s watch>',
    sameWorkspace: true,
    drive: click(ACTION_IDS.watchRemove, (d) => json({ t: d.ws.teamId, ch: d.privateWatch.channelId, w: d.privateWatch.id })),
  },
  {
    route: `action:${ACTION_IDS.subscriptionRemove}`,
    name: 'Digest Remove from App Home <owner team, channel>',
    sameWorkspace: true,
    drive: click(ACTION_IDS.subscriptionRemove, (d) => json({ t: d.ws.teamId, ch: d.subscriptionChannelId }), { home: true }),
  },
  ...(['searchPrev', 'searchNext', 'searchShare'] as const).map(
    (id): FenceRow => ({
      route: `action:${ACTION_IDS[id]}`,
      name: `${id} <search in the owner’s folder>`,
      sameWorkspace: true,
      drive: click(ACTION_IDS[id], folderSearch),
    }),
  ),
  ...(['cardShare', 'cardChart', 'cardCsv', 'cardXlsx'] as const).map(
    (id): FenceRow => ({
      route: `action:${ACTION_IDS[id]}`,
      name: `${id} <card of /research replay <conversation>>`,
      sameWorkspace: COLLEAGUE_CONVERSATION,
      drive: click(ACTION_IDS[id], (d) => json({ cmd: '/research', text: `replay ${d.run.conversationId}` })),
    }),
  ),
  {
    route: `action:${ACTION_IDS.errorRetry}`,
    name: 'Retry </research folder delete <folder>>',
    sameWorkspace: true,
    drive: click(ACTION_IDS.errorRetry, (d) => json({ cmd: '/research', text: `folder delete ${d.folder.id}` })),
  },
  {
    route: `action:${ACTION_IDS.homeDisconnect}`,
    name: 'Disconnect the research service (App Home)',
    sameWorkspace: true,
    only: ['same workspace member', 'org sibling member'],
    drive: click(ACTION_IDS.homeDisconnect, () => 'disconnect', { home: true }),
  },
  {
    route: `action:${ACTION_IDS.homeExternalAccess}`,
    name: 'Block other organisations (App Home)',
    sameWorkspace: true,
    only: ['same workspace member', 'org sibling member'],
    drive: click(ACTION_IDS.homeExternalAccess, () => 'block', { home: true }),
  },
  {
    // Admins of their own workspace included: the id is looked up among the clicker's workspace's tokens only.
    route: `action:${ACTION_IDS.homeMcpTokenRevoke}`,
    name: 'Revoke <MCP token> (App Home)',
    sameWorkspace: true,
    drive: click(`${ACTION_IDS.homeMcpTokenRevoke}:0`, (d) => d.mcpToken.id, { home: true }),
  },
];

function ratedAnswer(d: OwnerData): string {
  return encodeRatedAnswer({
    teamId: d.ws.teamId,
    channelId: d.ws.channelId,
    messageTs: d.answerTs,
    runId: d.run.runId,
    conversationId: d.run.conversationId,
  });
}

const viewRows: FenceRow[] = [
  {
    route: `view:${FEEDBACK_MODAL.callbackId}`,
    name: 'What was wrong <private_metadata: owner’s answer>',
    sameWorkspace: true,
    drive: (h, d, who) =>
      forgeSubmission(h, who, {
        callbackId: FEEDBACK_MODAL.callbackId,
        privateMetadata: ratedAnswer(d),
        values: { [FEEDBACK_MODAL.blockId]: { [FEEDBACK_MODAL.inputActionId]: { type: 'plain_text_input', value: 'forged note' } } },
      }),
  },
  {
    route: `view:${CONNECT_MODAL.callbackId}`,
    name: 'Connect a key (the owner’s workspace’s connection)',
    sameWorkspace: true,
    only: ['same workspace member', 'org sibling member'],
    drive: (h, _d, who) =>
      forgeSubmission(h, who, {
        callbackId: CONNECT_MODAL.callbackId,
        privateMetadata: '',
        values: {
          [CONNECT_MODAL.blocks.apiKey]: { [CONNECT_MODAL.actions.apiKey]: { type: 'plain_text_input', value: 'tenant-forged-key-9999' } },
        },
      }),
  },
  {
    route: `view:${ADD_DOCUMENT_MODAL.callbackId}`,
    name: 'Add to research folder <private_metadata: the owner’s file in their private channel>',
    sameWorkspace: true,
    drive: (h, d, who) =>
      forgeSubmission(h, who, {
        callbackId: ADD_DOCUMENT_MODAL.callbackId,
        privateMetadata: json({
          t: who.teamId,
          u: who.userId,
          c: d.slackFile.channelId,
          h: d.slackFile.ts,
          f: [{ i: d.slackFile.id, n: 'probe.txt' }],
        }),
        values: {
          [ADD_DOCUMENT_MODAL.blocks.newFolder]: {
            [ADD_DOCUMENT_MODAL.actions.newFolder]: { type: 'plain_text_input', value: 'probe folder' },
          },
        },
      }),
  },
  {
    route: `view:${FINANCIALS_MODAL.callbackId}`,
    name: '/financials form <private_metadata: owner channel>',
    sameWorkspace: 'a colleague in the channel may see a card there',
    drive: (h, d, who) =>
      forgeSubmission(h, who, {
        callbackId: FINANCIALS_MODAL.callbackId,
        privateMetadata: json({ c: d.ws.channelId }),
        values: {
          [FINANCIALS_MODAL.blocks.symbol]: { [FINANCIALS_MODAL.actions.symbol]: { type: 'plain_text_input', value: 'US:NVDA' } },
          [FINANCIALS_MODAL.blocks.statement]: {
            [FINANCIALS_MODAL.actions.statement]: { type: 'static_select', selected_option: { value: 'snapshot' } },
          },
        },
      }),
  },
];

const shortcutRows: FenceRow[] = Object.values(MESSAGE_SHORTCUT_IDS).map(
  (callbackId): FenceRow => ({
    route: `shortcut:${callbackId}`,
    name: `${callbackId} on <owner’s answer message>`,
    sameWorkspace: 'a colleague who sees the message may use the shortcut on it',
    drive: (h, d, who) => runShortcut(h, who, { callbackId, channelId: d.ws.channelId, messageTs: d.answerTs }),
  }),
);

export const FENCE_ROWS: readonly FenceRow[] = [...commandRows, ...buttonRows, ...viewRows, ...shortcutRows];
