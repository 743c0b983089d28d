/**
 * One file of a submission into its folder: claimed (one Slack file in one folder is one
 * document), told "Adding…", checked from files.info (size, type) before anything is downloaded,
 * downloaded, uploaded as multipart form data, recorded as processing, then followed. Whatever
 * fails leaves nothing behind: the claim is released, a document the service took is deleted,
 * and the notice says why and whether trying again can help.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { ResearchService } from '../../../service/types.js';
import type { DocumentNotice, ResearchDocumentRecord } from '../../../store/records.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { type DocumentNoticeState, type NoticeFile, renderDocumentNotice } from '../follow/document-notice.js';
import { followProcessing } from '../follow/follow-processing.js';
import { type NoticeTeller, postNotice, updateNotice } from '../follow/notice-messages.js';
import { type NotAdded, refusedFileWords, serviceFailureWords, slackFileWords } from './add-failure-words.js';
import { downloadSlackFile, type SlackFileInfo, slackFileInfo } from './fetch-slack-file.js';
import { FILE_NOT_YOURS, maySeeFile } from './file-access.js';
import type { FolderTarget } from './folder-target.js';
import type { AddChoice } from './parse-add-submission.js';
import { judgeSlackFile } from './readable-file.js';
import { SlackFileError } from './slack-file-error.js';

export interface AddRun {
  deps: ListenerDeps;
  service: ResearchService;
  /** The workspace's bot client: files.info, the download's token, the notices. */
  client: WebClient;
  log: Logger;
  teamId: string;
  userId: string;
  where: DocumentNotice;
  folder: FolderTarget;
  tags?: AddChoice['tags'];
}

type Claim = { folderId: string } | undefined;

const tellerOf = (run: AddRun): NoticeTeller => ({ deps: run.deps, teamId: run.teamId, client: run.client, log: run.log });

/** Claims the file in a known folder; false when it is there already or being added (the user told). */
async function claimOrTell(run: AddRun, fileId: string, file: NoticeFile): Promise<{ ok: boolean; claim: Claim }> {
  const folderId = run.folder.knownId();
  if (folderId === undefined) return { ok: true, claim: undefined };
  const claim = await run.deps.stores.documents.claimFile(run.teamId, folderId, fileId);
  if (claim.claimed) return { ok: true, claim: { folderId } };
  const existing = claim.docId ? await run.deps.stores.documents.get(run.teamId, claim.docId) : null;
  const state: DocumentNoticeState = existing ? { kind: 'already_there', status: existing.status } : { kind: 'adding_elsewhere' };
  run.log.info('research document add skipped: the file is in the folder already or being added', { file: fileId, folder: folderId });
  await postNotice(tellerOf(run), run.where, renderDocumentNotice(file, state));
  return { ok: false, claim: undefined };
}

async function fetchChecked(
  run: AddRun,
  fileId: string,
): Promise<{ info: SlackFileInfo; bytes: Uint8Array; uploadName: string } | NotAdded> {
  const { maxBytes } = run.deps.documentAdds;
  try {
    const info = await slackFileInfo(run.client, fileId);
    if (!(await maySeeFile(run.client, info, { userId: run.userId, channelId: run.where.channelId }, run.log))) {
      run.log.warn('research document refused: the file is neither the submitter’s nor shared where they can see it', {
        file: fileId,
        channel: run.where.channelId,
      });
      return { why: FILE_NOT_YOURS, tryAgain: false };
    }
    const verdict = judgeSlackFile(info, maxBytes);
    if (!verdict.ok) {
      run.log.info('research document refused before download', { file: fileId, why: verdict.why });
      return refusedFileWords(verdict);
    }
    const bytes = await downloadSlackFile(run.client, info, maxBytes);
    run.log.info('research document fetched from Slack', { file: fileId, bytes: bytes.byteLength });
    return { info, bytes, uploadName: verdict.uploadName };
  } catch (error) {
    if (!(error instanceof SlackFileError)) throw error;
    run.log.info('research document: the file could not be fetched from Slack', {
      file: fileId,
      problem: error.problem,
      detail: error.message,
    });
    return slackFileWords(error, maxBytes);
  }
}

export async function addOneFile(run: AddRun, file: { id: string; name: string }): Promise<void> {
  const { deps, log } = run;
  const shown = (): NoticeFile => ({ fileName: file.name, folderName: run.folder.name, folderId: run.folder.knownId() ?? '' });
  const first = await claimOrTell(run, file.id, shown());
  if (!first.ok) return;
  let claim = first.claim;
  let notice = await postNotice(tellerOf(run), run.where, renderDocumentNotice(shown(), { kind: 'adding' }));
  const tell = async (state: DocumentNoticeState) => {
    notice = await updateNotice(tellerOf(run), notice, renderDocumentNotice(shown(), state));
  };
  let docId: string | undefined;
  const notAdded = async (words: NotAdded) => {
    if (claim) await deps.stores.documents.releaseFile(run.teamId, claim.folderId, file.id);
    await tell({ kind: 'not_added', ...words });
  };
  try {
    const fetched = await fetchChecked(run, file.id);
    if (!('bytes' in fetched)) return await notAdded(fetched);
    const folderId = await run.folder.ensure();
    if (!claim) {
      const late = await deps.stores.documents.claimFile(run.teamId, folderId, file.id);
      if (!late.claimed) return await tell({ kind: 'adding_elsewhere' });
      claim = { folderId };
    }
    const uploaded = await run.service.uploadDocument({
      bytes: fetched.bytes,
      fileName: fetched.uploadName,
      ...(fetched.info.mimetype ? { mimeType: fetched.info.mimetype } : {}),
      folderId,
      ...(run.tags ? { tags: run.tags } : {}),
    });
    docId = uploaded.docId;
    await tell({ kind: 'processing' });
    const record: ResearchDocumentRecord = {
      teamId: run.teamId,
      folderId,
      docId: uploaded.docId,
      slackFileId: file.id,
      fileName: fetched.info.name || file.name,
      title: uploaded.title,
      fileType: fetched.info.filetype || (fetched.uploadName.split('.').pop() ?? ''),
      sizeBytes: fetched.bytes.byteLength,
      ...(run.tags ? { tags: run.tags } : {}),
      addedBy: run.userId,
      addedAtMs: deps.documentAdds.clock(),
      status: 'processing',
      notice,
    };
    await deps.stores.documents.save(record);
    log.info('research document uploaded; following its processing', { doc: record.docId, folder: folderId, bytes: record.sizeBytes });
    void followProcessing(deps, { service: run.service, client: run.client, log }, record);
  } catch (error) {
    log.warn('research document not added', { file: file.id, error });
    if (docId)
      await run.service
        .deleteDocuments([docId])
        .catch((e: unknown) => log.warn('a half-added document was not deleted', { doc: docId, error: e }));
    await notAdded(serviceFailureWords(error));
  }
}
