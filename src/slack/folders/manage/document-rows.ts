/** One added file as a line: status, name, who added it and when (escaped; pure). */
import type { ResearchDocumentRecord } from '../../../store/records.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { displayDate, excerpt } from '../../blocks/format.js';

const STATUS: Record<ResearchDocumentRecord['status'], { emoji: string; word: string }> = {
  processing: { emoji: ':hourglass_flowing_sand:', word: 'processing' },
  searchable: { emoji: ':white_check_mark:', word: 'searchable' },
  failed: { emoji: ':x:', word: 'failed' },
};

/** `<@U123>` for a Slack user id, else the escaped text. */
export function userMention(userId: string): string {
  return /^[UW][A-Z0-9]{2,20}$/.test(userId) ? `<@${userId}>` : escapeMrkdwn(userId);
}

export function documentLine(doc: ResearchDocumentRecord, timeZone = 'UTC'): string {
  const status = STATUS[doc.status] ?? STATUS.failed;
  const when = displayDate(doc.addedAtMs, timeZone);
  const failure = doc.status === 'failed' && doc.failure ? `: ${escapeMrkdwn(excerpt(doc.failure, 200))}` : '';
  return `${status.emoji} *${escapeMrkdwn(excerpt(doc.fileName || doc.title || doc.docId, 150))}* · ${status.word}${failure} · added by ${userMention(doc.addedBy)}${when ? ` on ${when}` : ''}`;
}

/** "3 files: 2 searchable, 1 processing" */
export function fileCounts(docs: readonly ResearchDocumentRecord[]): string {
  if (docs.length === 0) return 'no files yet';
  const by = (s: ResearchDocumentRecord['status']) => docs.filter((d) => d.status === s).length;
  const parts = (['searchable', 'processing', 'failed'] as const).filter((s) => by(s) > 0).map((s) => `${by(s)} ${s}`);
  return `${docs.length} file${docs.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
}
