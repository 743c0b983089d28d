/**
 * Issue 31, acceptance: a restart during processing resumes following the file and tells the user
 * exactly once. The first process uploads the file and stops before its first status call (its
 * timers never fire); two processes then start on the same Redis (a restart, and another replica
 * at once): both follow the file again, one tells. Counted where Slack sees it: the calls that
 * post or update a notice saying "searchable".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResearchDesk, startResearchDesk } from '../../src/research-desk.js';
import { threePagePdf } from '../fixtures/documents/make-pdfs.js';
import { eventually } from './agent-helpers.js';
import { addFileInDm, gatedTimers, notices, parkedTimers, startAddHarness, waitForNotice } from './documents-add-helpers.js';
import type { Harness } from './harness.js';

describe('issue 31: a restart during processing', () => {
  let h: Harness;
  const restarted: ResearchDesk[] = [];

  beforeAll(async () => {
    h = await startAddHarness({ timers: parkedTimers });
  });
  afterAll(async () => {
    for (const desk of restarted) await desk.stop();
    await h?.close();
  });

  it('resumes following the file after a restart and tells the user exactly once, with two processes resuming', async () => {
    const file = { name: 'Restart memo.pdf', mimetype: 'application/pdf', bytes: await threePagePdf() };
    const { dm, ts, fileId } = await addFileInDm(h, file, { newFolder: 'Resumed' });
    await waitForNotice(h, dm, ts, /is reading it/);
    const record = await eventually(async () => (await h.desk.stores.documents.list(h.slack.teamId)).find((d) => d.slackFileId === fileId));
    expect(record.status).toBe('processing');
    await h.desk.stop();
    await h.slack.waitFor(() => h.logs.some((l) => l.includes('the process is stopping') && l.includes(record.docId)), 10_000);

    const statusCallsBefore = h.service.requestLog.filter((r) => r.path.endsWith('/upload/status')).length;
    expect(statusCallsBefore).toBe(0);
    // Both processes take the file up before either polls: their first waits are held until then.
    const gate = gatedTimers();
    const options = { ...h.deskOptions, documentAdds: { timers: gate.timers } };
    restarted.push(...(await Promise.all([startResearchDesk(options), startResearchDesk(options)])));
    h.slack.setRequestUrl(`http://127.0.0.1:${restarted[0]?.port}/slack/events`);
    await h.slack.waitFor(() => gate.held() === 2, 10_000);
    expect(h.logs.filter((l) => l.includes('research documents followed again at start') && l.includes('"count":1'))).toHaveLength(2);
    gate.open();

    const done = await waitForNotice(h, dm, ts, /and searchable/);
    expect(done.ts).toBe(record.notice.messageTs);
    expect(notices(h, dm, ts)).toHaveLength(1);
    expect((await restarted[0]?.stores.documents.get(h.slack.teamId, record.docId ?? ''))?.status).toBe('searchable');
    // Both followed it; one told.
    const told = h.slack.calls.filter(
      (c) =>
        (c.method === 'chat.update' || c.method === 'chat.postMessage') &&
        c.args.channel === dm &&
        String(c.args.text ?? '').includes('searchable'),
    );
    expect(told).toHaveLength(1);
    expect(h.logs.filter((l) => l.includes('research document searchable') && l.includes(record.docId ?? '-'))).toHaveLength(1);
  });
});
