/**
 * Issue 31, where adding starts and asking about added files, the real app between both
 * emulators on real Redis: a file shared in a DM gets one *Add to research folder* reply (and
 * asks the agent only when words came with it); the button and the message shortcut open the add
 * modal; a message without files and a user of another organisation are told why not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timers } from '../../src/agent/runtime/timers.js';
import type { DeliveryResult } from '../../src/emulators/slack/index.js';
import { externalOrg } from '../../src/emulators/slack/index.js';
import { ACTION_IDS, ADD_DOCUMENT_MODAL } from '../../src/slack/blocks/action-ids.js';
import { decodeAddFilesButton } from '../../src/slack/folders/entry/add-files-button-value.js';
import { NO_FILES } from '../../src/slack/folders/entry/add-message-shortcut.js';
import { MESSAGE_SHORTCUT_IDS } from '../../src/slack/kit/message-shortcut-ids.js';
import { EXTERNAL_DATA_REFUSAL } from '../../src/slack/kit/permissions/external-user.js';
import { botReplies, eventIdFor, messageText, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { button, nextEphemeral } from './command-helpers.js';
import { startHarness, type Harness } from './harness.js';

/** Timers that fire on the next turn of the event loop: no waiting on the machine's clock. */
const immediateTimers: Timers = {
  after(_ms, callback) {
    const handle = setImmediate(() => void callback());
    return { cancel: () => clearImmediate(handle) };
  },
  every() {
    throw new Error('document adds use no repeating timer');
  },
};

const pdf = { name: 'Helios Q3 results.pdf', mimetype: 'application/pdf', bytes: '%PDF-1.4 not really' };

describe('issue 31: adding starts from a DM file share and the message shortcut', () => {
  let h: Harness;
  let dm: string;

  beforeAll(async () => {
    // Processing status polls fire at once (injected timers): the emulator steps a stage per call.
    h = await startHarness({
      store: 'redis',
      agentSpeed: 20,
      logLevel: 'debug',
      deskOverrides: { documentAdds: { timers: immediateTimers } },
    });
    dm = h.slack.defaultDmId;
  });
  afterAll(async () => h?.close());

  /** What the agent's listener did with a delivery, from its log line carrying the event id. */
  const agentOutcome = (d: DeliveryResult | undefined): Promise<'started' | 'ignored'> => {
    const eventId = d?.eventId;
    if (eventId === undefined) throw new Error('nothing was delivered');
    return h.slack.waitFor(() => {
      const line = h.logs.find((l) => l.includes(eventId) && /agent run started|event not for the agent/.test(l));
      if (line === undefined) return undefined;
      return line.includes('agent run started') ? 'started' : 'ignored';
    }, 10_000);
  };
  const addReplies = (channel: string, ts: string) =>
    botReplies(h, channel, ts).filter((m) => JSON.stringify(m.blocks ?? []).includes(ACTION_IDS.documentAdd));
  const addModals = (user = h.slack.defaultUserId) =>
    h.slack.openModals(user).filter((v) => (v.view as { callback_id?: string }).callback_id === ADD_DOCUMENT_MODAL.callbackId);

  it('a file shared in a DM without words gets one Add reply in its thread, and no question to the agent', async () => {
    const { ts, fileId, deliveries } = await h.slack.shareFile({ text: '', file: pdf, channel_id: dm });
    const reply = await h.slack.waitFor(() => addReplies(dm, ts)[0], 10_000);
    expect(await agentOutcome(deliveries[0])).toBe('ignored');
    expect(decodeAddFilesButton(button(reply, ACTION_IDS.documentAdd).value)).toEqual([{ id: fileId, name: pdf.name }]);
    expect(reply.text).toContain('Add to research folder');
    expect(h.slack.ephemeralFor(h.slack.defaultUserId, dm)).toEqual([]);
    expect(botReplies(h, dm, ts)).toHaveLength(1);
  });

  it('a file shared in a DM with words gets the Add reply and the agent’s answer', async () => {
    const { ts, deliveries } = await h.slack.shareFile({ text: 'What are the risks in this?', file: pdf, channel_id: dm });
    expect(await agentOutcome(deliveries[0])).toBe('started');
    const record = await waitForRunEnd(h, runIdForEvent(h, dm, deliveries[0]?.eventId ?? ''));
    expect(record).toMatchObject({ status: 'completed', threadTs: ts });
    await h.slack.waitFor(() => addReplies(dm, ts)[0], 10_000);
    expect(addReplies(dm, ts)).toHaveLength(1);
  });

  it('its button opens the add modal for the file', async () => {
    const { ts, fileId } = await h.slack.shareFile({ text: '', file: pdf, channel_id: dm });
    const reply = await h.slack.waitFor(() => addReplies(dm, ts)[0], 10_000);
    const before = addModals().length;
    await h.slack.clickAction({ channel_id: dm, message_ts: reply.ts, action_id: button(reply, ACTION_IDS.documentAdd).action_id });
    const modal = await h.slack.waitFor(() => (addModals().length > before ? addModals().at(-1) : undefined), 10_000);
    expect(JSON.stringify(modal.view)).toContain('Helios Q3 results.pdf');
    expect(JSON.stringify(modal.view)).toContain(fileId);
    await h.slack.closeView({ view_id: modal.id });
  });

  it('end to end: a text file shared in a DM is added to a new folder, and a question in its thread is answered from it', async () => {
    const phrase = 'Helios Robotics lifted its gross margin to 41.5 percent as actuator costs fell';
    const file = { name: 'helios-notes.txt', mimetype: 'text/plain', bytes: `Helios Robotics third quarter notes.\n\n${phrase}.` };
    const { ts } = await h.slack.shareFile({ text: '', file, channel_id: dm });
    const reply = await h.slack.waitFor(() => addReplies(dm, ts)[0], 10_000);
    await h.slack.clickAction({ channel_id: dm, message_ts: reply.ts, action_id: button(reply, ACTION_IDS.documentAdd).action_id });
    const modal = await h.slack.waitFor(() => addModals().at(-1), 10_000);
    const { blocks, actions } = ADD_DOCUMENT_MODAL;
    await h.slack.submitView({ view_id: modal.id, values: { [blocks.newFolder]: { [actions.newFolder]: 'Helios' } } });
    // The notice in the file's thread says searchable, with Ask the agent about this file.
    const notice = await h.slack.waitFor(
      () => botReplies(h, dm, ts).find((m) => JSON.stringify(m.blocks ?? []).includes(ACTION_IDS.searchAsk)),
      20_000,
    );
    const [added] = await h.desk.stores.documents.inThread(h.slack.teamId, dm, ts);
    expect(added).toMatchObject({ status: 'searchable', fileName: file.name, fileType: expect.stringMatching(/^te?xt$/) });
    const { ts: asked } = await h.slack.postMessage({
      text: 'What does Helios say about its gross margin?',
      channel_id: dm,
      thread_ts: ts,
    });
    const record = await waitForRunEnd(h, runIdForEvent(h, dm, eventIdFor(h, asked, 'message')));
    expect(record.status).toBe('completed');
    expect(record.documents).toEqual([{ docId: added?.docId, docTitle: added?.title, fileType: added?.fileType }]);
    const answer = botReplies(h, dm, ts)
      .filter((m) => m.ts > notice.ts)
      .map(messageText)
      .join('\n');
    expect(answer).toContain('From your documents');
    expect(answer).toContain('41.5 percent');
  });

  it('the message shortcut on a channel message with files opens the add modal', async () => {
    const { ts } = await h.slack.shareFile({ text: 'the deck', file: { ...pdf, name: 'Deck.pptx' } });
    const before = addModals().length;
    await h.slack.messageShortcut({ callback_id: MESSAGE_SHORTCUT_IDS.addToFolder, channel_id: h.slack.defaultChannelId, message_ts: ts });
    const modal = await h.slack.waitFor(() => (addModals().length > before ? addModals().at(-1) : undefined), 10_000);
    expect(JSON.stringify(modal.view)).toContain('Deck.pptx');
    await h.slack.closeView({ view_id: modal.id });
  });

  it('the message shortcut on a message without files says it needs one, and opens nothing', async () => {
    const { ts } = await h.slack.postMessage({ text: 'no attachment here' });
    const before = addModals().length;
    const note = await nextEphemeral(h, () =>
      h.slack.messageShortcut({ callback_id: MESSAGE_SHORTCUT_IDS.addToFolder, channel_id: h.slack.defaultChannelId, message_ts: ts }),
    );
    expect(note.text).toContain(NO_FILES.slice(0, 40));
    expect(addModals()).toHaveLength(before);
  });

  it('refuses a user of another organisation the shortcut, in a shared channel', async () => {
    const channel = externalOrg.sharedChannelId;
    const guest = externalOrg.userId;
    const { ts } = await h.slack.shareFile({ text: 'our model', file: { ...pdf, name: 'model.xlsx' }, channel_id: channel });
    const note = await nextEphemeral(
      h,
      () => h.slack.messageShortcut({ callback_id: MESSAGE_SHORTCUT_IDS.addToFolder, channel_id: channel, message_ts: ts, user_id: guest }),
      { channel, user: guest, timeoutMs: 10_000 },
    );
    expect(note.text).toContain(EXTERNAL_DATA_REFUSAL.slice(0, 40));
    expect(addModals(guest)).toEqual([]);
  });
});
