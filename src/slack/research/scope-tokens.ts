/**
 * The two filters of /research that name the workspace's own documents (issue 31), taken out of
 * the tokens before the shared filter grammar reads the rest:
 *
 *   in:<folder>        a folder by its name or id; `in:"Q3 notes"` for a name with spaces,
 *                      `in:a,b` for several (a quoted name is one, commas and all)
 *   tag:<tag>          documents by tag, uploaded files' tags included (`tag:"solid state"`)
 *
 * `folder:` is another spelling of `in:`. Names are resolved against the workspace's folders when
 * the command runs (resolve-folder-refs.ts), since parsing is pure.
 */
import type { Token } from '../kit/commands/tokenize.js';

export interface ScopeTokens {
  /** Tokens the shared filter grammar reads. */
  rest: Token[];
  /** Folder names or ids, as typed (unquoted). */
  folders: string[];
  /** The `in:` tokens as typed, for messages. */
  folderTokens: string[];
  tags: string[];
}

const SCOPE = /^(in|folder|tag|tags)[:：](.*)$/is;
/** Comma-separated values; a quoted one keeps its commas (`in:"Q3, Q4 notes",semis` is two names). */
const VALUE = /["“”„「『]([^"“”」』]*)["“”」』]?|[^,，]+/g;

function valuesOf(raw: string): string[] {
  return [...raw.matchAll(VALUE)].map((m) => (m[1] ?? m[0]).trim()).filter(Boolean);
}

export function takeScopeTokens(tokens: readonly Token[]): ScopeTokens {
  const out: ScopeTokens = { rest: [], folders: [], folderTokens: [], tags: [] };
  for (const tok of tokens) {
    const m = tok.literal || tok.ref ? null : SCOPE.exec(tok.text);
    if (!m) {
      out.rest.push(tok);
      continue;
    }
    const key = (m[1] ?? '').toLowerCase();
    const kept = valuesOf(tok.raw.replace(/^[^:：]*[:：]/, ''));
    if (key === 'in' || key === 'folder') {
      out.folders.push(...kept);
      out.folderTokens.push(tok.raw);
      // `in:` with no value is reported by the caller (an empty list with a token).
      if (kept.length === 0) out.folders.push('');
    } else {
      out.tags.push(...kept);
      if (kept.length === 0) out.tags.push('');
    }
  }
  return out;
}
