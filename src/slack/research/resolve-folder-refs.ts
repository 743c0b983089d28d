/**
 * `in:<folder>` and `/research folder <folder>` name a folder by its id or by its name (any case,
 * spaces kept). Resolved against the folders created from Slack in the command's workspace only:
 * one workspace never reaches another's folder, whatever it types. Pure.
 */
import type { FolderRecord } from '../../store/records.js';

export type FolderResolution = { ok: true; folders: FolderRecord[] } | { ok: false; reason: string };

/** Folders named in an "unknown folder" answer before "and N more". */
const MAX_NAMED = 10;

const normalise = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

function listed(folders: readonly FolderRecord[]): string {
  const named = folders.slice(0, MAX_NAMED).map((f) => `"${f.name}" (${f.folderId})`);
  const more = folders.length - named.length;
  return `${named.join(', ')}${more > 0 ? `, and ${more} more (/research folders lists them all)` : ''}`;
}

/** `fld_000001`, or a long token with digits: an id rather than a name. */
const looksLikeId = (ref: string): boolean => /^[A-Za-z0-9.:-]*_[A-Za-z0-9_.:-]*$/.test(ref) || /^(?=.*\d)[A-Za-z0-9_.:-]{8,}$/.test(ref);

function resolveOne(ref: string, folders: readonly FolderRecord[]): FolderRecord | string {
  const byId = folders.find((f) => f.folderId === ref);
  if (byId) return byId;
  const wanted = normalise(ref);
  const byName = folders.filter((f) => normalise(f.name) === wanted);
  const [only] = byName;
  if (only && byName.length === 1) return only;
  if (byName.length > 1)
    return `Several folders are named "${ref}": ${listed(byName)}. Name one by its id, e.g. in:${only?.folderId ?? ''}.`;
  // An id of a folder made elsewhere (another workspace sharing the service account, or the service itself).
  const missing = looksLikeId(ref)
    ? `Folder ${ref} was not created from Slack in this workspace, so it cannot be used from here.`
    : `There is no folder "${ref}" in this workspace.`;
  if (folders.length === 0)
    return `${missing} This workspace has no research folders yet: create one with /research folder create "Q3 notes", then add files to it (share a file with Research Desk in a DM).`;
  return `${missing} Its folders: ${listed(folders)}.`;
}

/** Every ref resolved, in order and without repeats, or why one is not. */
export function resolveFolderRefs(refs: readonly string[], folders: readonly FolderRecord[]): FolderResolution {
  const found: FolderRecord[] = [];
  for (const ref of refs) {
    const one = resolveOne(ref, folders);
    if (typeof one === 'string') return { ok: false, reason: one };
    if (!found.some((f) => f.folderId === one.folderId)) found.push(one);
  }
  return { ok: true, folders: found };
}
