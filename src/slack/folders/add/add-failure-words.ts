/**
 * Why a file was not added, in a sentence for the user, and whether trying again can help. The
 * service's own words (`detail`) are quoted clamped; the renderer escapes them.
 */
import { isServiceError } from '../../../service/errors/service-error.js';
import { formatBytes, type FileVerdict, READABLE_TYPES_TEXT } from './readable-file.js';
import { SlackFileError } from './slack-file-error.js';

export interface NotAdded {
  why: string;
  tryAgain: boolean;
}

const detailOf = (text: string | undefined): string => (text ? ` (“${text.trim().slice(0, 200)}”)` : '');

export function refusedFileWords(verdict: Exclude<FileVerdict, { ok: true }>): NotAdded {
  if (verdict.why === 'too_large') {
    const limit = formatBytes(verdict.maxBytes);
    // Just over the limit rounds to the limit: then the exact count says why.
    const size =
      formatBytes(verdict.sizeBytes) === limit ? `${verdict.sizeBytes.toLocaleString('en-US')} bytes` : formatBytes(verdict.sizeBytes);
    return {
      why: `It is ${size}, and research folders take files up to ${limit}, so it was not downloaded.`,
      tryAgain: false,
    };
  }
  return {
    why: `Its type (${verdict.shownType}) cannot be read by the research service, which reads ${READABLE_TYPES_TEXT}.`,
    tryAgain: false,
  };
}

export function slackFileWords(error: SlackFileError, maxBytes: number): NotAdded {
  switch (error.problem) {
    case 'deleted':
      return { why: 'The file was deleted in Slack before Research Desk could fetch it.', tryAgain: false };
    case 'too_large':
      return { why: `It is larger than the ${formatBytes(maxBytes)} research folders take.`, tryAgain: false };
    case 'not_given':
      return { why: 'Slack did not give Research Desk the file (it may have been deleted or made private meanwhile).', tryAgain: true };
    case 'unreachable':
      return { why: 'Slack could not be reached to fetch the file.', tryAgain: true };
    case 'no_scope':
      return {
        why: 'Research Desk may not read files in this workspace yet: a workspace admin must reinstall it, so Slack grants it the files:read permission.',
        tryAgain: false,
      };
  }
}

/** A failed upload, folder creation or record save. */
export function serviceFailureWords(error: unknown): NotAdded {
  if (error instanceof SlackFileError) return slackFileWords(error, 0);
  if (!isServiceError(error)) return { why: 'Something went wrong while adding it.', tryAgain: true };
  if (error.status === 413) return { why: `The research service says it is too large${detailOf(error.serviceDetail)}.`, tryAgain: false };
  if (error.status === 415 || (error.kind === 'validation' && /type/i.test(error.serviceDetail ?? ''))) {
    return { why: `The research service cannot read this type of file${detailOf(error.serviceDetail)}.`, tryAgain: false };
  }
  switch (error.kind) {
    case 'not_found':
      return { why: 'The research folder no longer exists at the research service.', tryAgain: false };
    case 'auth':
      return {
        why: 'The research service refused Research Desk’s key; a workspace admin should check the connection on the Home tab.',
        tryAgain: true,
      };
    case 'validation':
      return { why: `The research service refused it${detailOf(error.serviceDetail)}.`, tryAgain: false };
    case 'rate_limited':
      return { why: 'The research service is busy.', tryAgain: true };
    default:
      // A failure's body is the service's internals (and may echo the request): only its status is shown.
      return {
        why: `The research service failed while receiving it${error.status !== undefined ? ` (status ${error.status})` : ''}.`,
        tryAgain: true,
      };
  }
}
