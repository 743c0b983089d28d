/**
 * Who may read one document named by a button (document-access.ts), against both emulators: the
 * Slack emulator's users.info says who the reader is, the service emulator what a document with
 * no record here is (an uploaded file of some workspace, or the shared research corpus).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { externalOrg } from '../../../../src/emulators/slack/index.js';
import { startServiceEmulator, type ServiceEmulator } from '../../../../src/emulators/service/index.js';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { createResearchClient, type ResearchClient } from '../../../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../../../src/service/retry-policy.js';
import { checkDocumentAccess, DOCUMENT_ACCESS_REFUSAL } from '../../../../src/slack/kit/permissions/document-access.js';
import { EXTERNAL_DATA_REFUSAL } from '../../../../src/slack/kit/permissions/external-user.js';
import { createAppStores } from '../../../../src/store/app-stores.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';
import type { ResearchDocumentRecord } from '../../../../src/store/records.js';
import { threePagePdf } from '../../../fixtures/documents/make-pdfs.js';
import { logged, type PermissionSlack, startPermissionSlack } from './permission-slack.js';

const TEAM = 'T0EMUTEAM1';
const MEMBER = 'U0EMUUSER1';
const ADMIN = 'U0EMUADMN1';
const SHARED_IN = 'C0EMURSRCH';

let s: PermissionSlack;
let service: ServiceEmulator;
let research: ResearchClient;
const serviceLog = createMemoryLogger(createRedactor([]));
const stores = createAppStores(createMemoryStateStore());
/** An uploaded file of the service with no record in this workspace, and a document of the corpus. */
let elsewhereDocId: string;
let corpusDocId: string;

const record = (docId: string, addedBy: string): ResearchDocumentRecord => ({
  teamId: TEAM,
  folderId: 'fld_1',
  docId,
  slackFileId: 'F1',
  fileName: 'plan.pdf',
  title: 'Plan',
  fileType: 'pdf',
  sizeBytes: 10,
  addedBy,
  addedAtMs: 0,
  status: 'searchable',
  notice: { channelId: SHARED_IN, threadTs: '1.0' },
});

beforeAll(async () => {
  s = await startPermissionSlack();
  service = await startServiceEmulator({ port: 0 });
  research = createResearchClient({ baseUrl: service.url, apiKey: service.apiKey, retry: fastTestRetryPolicy, logger: serviceLog });
  const folder = await research.createFolder('Elsewhere');
  elsewhereDocId = (
    await research.uploadDocument({
      bytes: await threePagePdf(),
      fileName: 'x.pdf',
      mimeType: 'application/pdf',
      folderId: folder.folderId,
    })
  ).docId;
  const corpus = await research.searchDocuments({ query: 'NVIDIA' });
  corpusDocId = corpus.items.find((d) => d.category === 'news')?.id ?? '';
  expect(corpusDocId).not.toBe('');
  await stores.folders.save({ teamId: TEAM, folderId: 'fld_1', name: 'Deals', createdBy: 'U0CREATOR1', createdAtMs: 0 });
  await stores.documents.save(record('doc_someone', 'U0SOMEONE1'));
  await stores.documents.save(record('doc_member', MEMBER));
});
afterAll(async () => {
  await research?.close();
  await service?.close();
  await s?.slack.close();
});
beforeEach(() => {
  s.log.lines.length = 0;
  serviceLog.lines.length = 0;
});

const deps = (correlationId?: string) => ({
  stores,
  service: research,
  client: s.client,
  log: s.log,
  ...(correlationId ? { correlationId } : {}),
});
const serviceReads = () => logged(serviceLog, 'service call').filter((r) => String(r.path).startsWith('/v1/docs/'));

describe('checkDocumentAccess', () => {
  it('refuses an uploaded file this workspace has no record of, naming nothing of it', async () => {
    expect(await checkDocumentAccess(deps(), { teamId: TEAM, userId: ADMIN }, elsewhereDocId)).toEqual({
      allowed: false,
      why: 'uploaded_elsewhere',
      reason: DOCUMENT_ACCESS_REFUSAL,
    });
    expect(logged(s.log, 'document refused: an uploaded file with no record in this workspace')).toMatchObject([{ doc: elsewhereDocId }]);
  });

  it('lets a corpus document through with its detail, under the request’s correlation id', async () => {
    const access = await checkDocumentAccess(deps('corr-doc'), { teamId: TEAM, userId: 'U0NOSUCH99' }, corpusDocId);
    expect(access).toMatchObject({ allowed: true, record: null, detail: { category: 'news' } });
    expect(serviceReads()).toMatchObject([{ correlationId: 'corr-doc' }]);
    await checkDocumentAccess(deps(), { teamId: TEAM, userId: MEMBER }, corpusDocId);
    expect(serviceReads()[1]).not.toHaveProperty('correlationId');
  });

  it('lets the adder, the folder’s creator, an admin and a click from the file’s conversation read a recorded file, without the service', async () => {
    expect(await checkDocumentAccess(deps(), { teamId: TEAM, userId: MEMBER }, 'doc_member')).toEqual({
      allowed: true,
      record: record('doc_member', MEMBER),
    });
    expect(await checkDocumentAccess(deps(), { teamId: TEAM, userId: ADMIN }, 'doc_someone')).toMatchObject({ allowed: true });
    expect(await checkDocumentAccess(deps(), { teamId: TEAM, userId: MEMBER, channelId: SHARED_IN }, 'doc_someone')).toMatchObject({
      allowed: true,
    });
    expect(serviceReads()).toEqual([]);
  });

  it('refuses a colleague clicking elsewhere, with a log line', async () => {
    expect(await checkDocumentAccess(deps(), { teamId: TEAM, userId: MEMBER, channelId: 'C0EMUMRKTS' }, 'doc_someone')).toEqual({
      allowed: false,
      why: 'not_reader',
      reason: DOCUMENT_ACCESS_REFUSAL,
    });
    expect(logged(s.log, 'document refused: not the adder, the folder’s creator, an admin, nor in its conversation')).toMatchObject([
      { doc: 'doc_someone' },
    ]);
  });

  it('fails closed when Slack cannot say who the reader is', async () => {
    expect(await checkDocumentAccess(deps(), { teamId: TEAM, userId: 'U0NOSUCH99' }, 'doc_member')).toEqual({
      allowed: false,
      why: 'unverified',
      reason: DOCUMENT_ACCESS_REFUSAL,
    });
    expect(logged(s.log, 'users.info failed; the file is not read')).toMatchObject([
      { level: 'warn', error: { message: expect.stringContaining('user_not_found') } },
    ]);
  });

  it('tells the Slack Connect guest that files are the workspace’s, even clicking in the file’s conversation', async () => {
    await stores.documents.save(record('doc_guest', externalOrg.userId));
    expect(await checkDocumentAccess(deps(), { teamId: TEAM, userId: externalOrg.userId, channelId: SHARED_IN }, 'doc_guest')).toEqual({
      allowed: false,
      why: 'external',
      reason: EXTERNAL_DATA_REFUSAL,
    });
    expect(logged(s.log, 'document refused: a user of another organisation')).toMatchObject([{ doc: 'doc_guest' }]);
  });
});
