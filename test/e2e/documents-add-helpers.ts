/**
 * Adding files through the real app between both emulators (issue 31): share a file in the DM,
 * press the reply's *Add to research folder*, fill the modal and submit. Processing is followed
 * on timers the test owns: `instantTimers` answers every wait at once (the service emulator steps
 * one stage per status call), `virtualTime` also moves a clock by each wait, so a deadline of
 * 30 minutes passes without waiting; `parkedTimers` never fire (a process stopped mid-follow).
 */
import type { Timers } from '../../src/agent/runtime/timers.js';
import type { StoredMessage } from '../../src/emulators/slack/index.js';
import { ACTION_IDS, ADD_DOCUMENT_MODAL } from '../../src/slack/blocks/action-ids.js';
import type { DocumentAddOptions } from '../../src/slack/kit/listener-deps.js';
import { botReplies, messageText } from './agent-helpers.js';
import { button } from './command-helpers.js';
import { type Harness, type HarnessOptions, startHarness } from './harness.js';

export const instantTimers: Timers = {
  after(_ms, callback) {
    const handle = setImmediate(() => void callback());
    return { cancel: () => clearImmediate(handle) };
  },
  every() {
    throw new Error('not used by the follow');
  },
};

export const parkedTimers: Timers = {
  after: () => ({ cancel: () => undefined }),
  every: () => ({ cancel: () => undefined }),
};

/** Timers that hold every wait until `open()`, then answer them (and later ones) at once. */
export function gatedTimers(): { timers: Timers; open: () => void; held: () => number } {
  let opened = false;
  const waiting: Array<() => unknown> = [];
  return {
    held: () => waiting.length,
    open() {
      opened = true;
      for (const callback of waiting.splice(0)) setImmediate(() => void callback());
    },
    timers: {
      after(ms, callback, options) {
        if (opened) return instantTimers.after(ms, callback, options);
        waiting.push(callback);
        return {
          cancel: () => {
            const at = waiting.indexOf(callback);
            if (at >= 0) waiting.splice(at, 1);
          },
        };
      },
      every() {
        throw new Error('not used by the follow');
      },
    },
  };
}

/** Timers whose every wait moves `now` by its length, at once. */
export function virtualTime(startMs = Date.now()): { timers: Timers; clock: () => number; waited: () => number } {
  let now = startMs;
  return {
    clock: () => now,
    waited: () => now - startMs,
    timers: {
      after(ms, callback) {
        const handle = setImmediate(() => {
          now += ms;
          void callback();
        });
        return { cancel: () => clearImmediate(handle) };
      },
      every() {
        throw new Error('not used by the follow');
      },
    },
  };
}

export function startAddHarness(
  documentAdds: DocumentAddOptions = { timers: instantTimers },
  options: HarnessOptions = {},
): Promise<Harness> {
  return startHarness({
    store: 'redis',
    agentSpeed: 20,
    ...options,
    deskOverrides: { ...options.deskOverrides, documentAdds },
  });
}

export interface SharedFile {
  name: string;
  mimetype?: string;
  bytes: Buffer | Uint8Array | string;
}

export interface ModalInput {
  folderId?: string;
  newFolder?: string;
  tags?: Partial<Record<'industry' | 'company' | 'person' | 'event', string>>;
}

const addModals = (h: Harness) =>
  h.slack
    .openModals(h.slack.defaultUserId)
    .filter((v) => (v.view as { callback_id?: string }).callback_id === ADD_DOCUMENT_MODAL.callbackId);

export function modalValues(input: ModalInput): Record<string, Record<string, unknown>> {
  const { blocks, actions } = ADD_DOCUMENT_MODAL;
  const values: Record<string, Record<string, unknown>> = {};
  if (input.folderId !== undefined) values[blocks.folder] = { [actions.folder]: input.folderId };
  values[blocks.newFolder] = { [actions.newFolder]: input.newFolder ?? null };
  for (const type of ['industry', 'company', 'person', 'event'] as const) {
    values[blocks[type]] = { [actions[type]]: input.tags?.[type] ?? null };
  }
  return values;
}

/** Shares `file` in the DM, opens the add modal from the app's reply; the modal is left open. */
export async function openAddModalFor(h: Harness, file: SharedFile) {
  const dm = h.slack.defaultDmId;
  const shared = await h.slack.shareFile({
    text: '',
    file: { mimetype: 'application/octet-stream', ...file, bytes: Buffer.from(file.bytes) },
    channel_id: dm,
  });
  const reply = await h.slack.waitFor(
    () => botReplies(h, dm, shared.ts).find((m) => JSON.stringify(m.blocks ?? []).includes(ACTION_IDS.documentAdd)),
    10_000,
  );
  const before = new Set(addModals(h).map((v) => v.id));
  await h.slack.clickAction({ channel_id: dm, message_ts: reply.ts, action_id: button(reply, ACTION_IDS.documentAdd).action_id });
  const modal = await h.slack.waitFor(() => addModals(h).find((v) => !before.has(v.id)), 10_000);
  return { ...shared, dm, modal, reply };
}

/** Shares and submits; resolves once the modal is acked (the add then runs on). */
export async function addFileInDm(h: Harness, file: SharedFile, input: ModalInput) {
  const opened = await openAddModalFor(h, file);
  const submitted = await h.slack.submitView({ view_id: opened.modal.id, values: modalValues(input) });
  return { ...opened, submitted };
}

/** The app's notices in the file's thread (its Add reply left out). */
export function notices(h: Harness, dm: string, ts: string): StoredMessage[] {
  return botReplies(h, dm, ts).filter((m) => !JSON.stringify(m.blocks ?? []).includes(ACTION_IDS.documentAdd));
}

/** Waits until a notice in the thread reads as `pattern`. */
export function waitForNotice(h: Harness, dm: string, ts: string, pattern: RegExp, timeoutMs = 20_000): Promise<StoredMessage> {
  return h.slack
    .waitFor(() => notices(h, dm, ts).find((m) => pattern.test(m.text ?? '')), timeoutMs)
    .catch((error: unknown) => {
      const seen = notices(h, dm, ts).map((m) => m.text);
      const tail = h.logs.filter((l) => /research document|adding files|add modal/.test(l)).slice(-10);
      throw new Error(`no notice ${pattern}: ${String(error)}\nnotices: ${JSON.stringify(seen)}\nlogs: ${tail.join('\n')}`);
    });
}

export { messageText };
