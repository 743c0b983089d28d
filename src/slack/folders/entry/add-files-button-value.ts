/**
 * The value of the *Add to research folder* button a file shared in a DM gets: the message's Slack
 * file ids and names (`f: [[id, name], …]`), fitted to Slack's button value limit. Where the files
 * are (channel, thread) comes from the click itself, never from the value. Names only label the
 * modal (the add reads the file from Slack by id), so they are what gets shortened: every id is
 * always kept, and a value that cannot hold them all is not made (the caller says so).
 */
import { z } from 'zod';
import { SLACK_LIMITS } from '../../blocks/limits.js';
import { decodeJson, jsonOf } from '../../kit/button-values.js';

export interface SharedFile {
  id: string;
  name: string;
}

/** Slack file ids: `F` and upper-case letters and digits. */
const fileId = z.string().regex(/^F[A-Z0-9]{2,40}$/);
const addFilesSchema = z.object({
  f: z
    .array(z.tuple([fileId, z.string()]))
    .min(1)
    .max(100),
});
const addFilesJson = jsonOf(addFilesSchema);

/** Name budgets tried in turn, in characters per name; 0 keeps the ids alone. */
const NAME_BUDGETS = [300, 150, 80, 40, 20, 10, 0];

/** At most `n` characters (code points, so no surrogate pair is split), with an ellipsis when cut. */
function cut(s: string, n: number): string {
  const chars = [...s];
  if (chars.length <= n) return s;
  return n === 0 ? '' : `${chars.slice(0, n - 1).join('')}…`;
}

/** The button value for these files, or undefined when even their ids alone do not fit. */
export function encodeAddFilesButton(files: readonly SharedFile[], limit: number = SLACK_LIMITS.buttonValueChars): string | undefined {
  if (files.length === 0) return undefined;
  for (const budget of NAME_BUDGETS) {
    const value = JSON.stringify({ f: files.map((file) => [file.id, cut(file.name, budget)]) });
    if (value.length <= limit) return value;
  }
  return undefined;
}

/** The files a button value names, or null for a value that is not one of ours (old, forged, cut). */
export function decodeAddFilesButton(value: string | undefined): SharedFile[] | null {
  const decoded = decodeJson(addFilesJson, value);
  if (!decoded) return null;
  return decoded.f.map(([id, name]) => ({ id, name: name === '' ? id : name }));
}
