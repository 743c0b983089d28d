/**
 * `/research folder …` and `/research folders`:
 *
 *   /research folder create <name>     a new folder
 *   /research folder delete <id>       asks to confirm, then deletes it and its files
 *   /research folder <name or id>      the folder's card: its files and their status
 *   /research folders                  the workspace's folders
 */
import { slackTextToPlain, type Token } from '../kit/commands/tokenize.js';
import { usage, type UsageResult } from '../kit/commands/usage-problem.js';
import { restAfter, unquote } from './command-text.js';

const FOLDER_NAME_MAX = 100;

export type FolderArgs =
  | UsageResult
  | { kind: 'folder_create'; name: string }
  | { kind: 'folder_delete'; folderId: string }
  | { kind: 'folder_show'; folder?: string };

const SHOW_EXAMPLE = '/research folder "Q3 notes"';

export function parseFolder(tokens: Token[], text: string): FolderArgs {
  const action = tokens[1]?.literal ? undefined : tokens[1]?.text.toLowerCase();
  if (action === 'create' || action === 'new') {
    const name = unquote(slackTextToPlain(restAfter(text, 2)));
    if (!name)
      return usage('/research', [
        { token: 'folder create', message: 'Give the folder a name.', example: '/research folder create "Q3 semis"' },
      ]);
    if (name.length > FOLDER_NAME_MAX) {
      return usage('/research', [
        {
          token: name.slice(0, 20),
          message: `Folder names are at most ${FOLDER_NAME_MAX} characters.`,
          example: '/research folder create "Q3 semis"',
        },
      ]);
    }
    return { kind: 'folder_create', name };
  }
  if (action === 'delete' || action === 'remove' || action === 'rm') {
    const id = tokens[2]?.text ?? '';
    if (!/^[A-Za-z0-9_.:-]{1,128}$/.test(id) || tokens.length > 3) {
      return usage('/research', [
        {
          token: tokens
            .slice(2)
            .map((t) => t.raw)
            .join(' '),
          message: 'Give exactly one folder id to delete.',
          example: '/research folder delete fld_123',
        },
      ]);
    }
    return { kind: 'folder_delete', folderId: id };
  }
  const named = unquote(slackTextToPlain(restAfter(text, 1)));
  if (!named) {
    return usage('/research', [
      {
        token: 'folder',
        message: 'Name the folder to show (or use `folder create <name>`, `folder delete <id>`, `folders`).',
        example: SHOW_EXAMPLE,
      },
    ]);
  }
  if (named.length > FOLDER_NAME_MAX)
    return usage('/research', [{ token: named.slice(0, 20), message: 'That is longer than any folder name.', example: SHOW_EXAMPLE }]);
  return { kind: 'folder_show', folder: named };
}

export function parseFolders(tokens: Token[]): FolderArgs {
  if (tokens.length > 1)
    return usage('/research', [
      {
        token: tokens
          .slice(1)
          .map((t) => t.raw)
          .join(' '),
        message: '`folders` lists the workspace’s folders; to see one, use `folder <name>`.',
        example: SHOW_EXAMPLE,
      },
    ]);
  return { kind: 'folder_show' };
}
