/**
 * The folder files go into: an existing one, or a new one created at the service when the first
 * file is ready to be uploaded (so a submission whose files are all refused leaves no empty
 * folder), once per submission, and saved like `/research folder create` saves it.
 */
import type { ResearchService } from '../../../service/types.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import type { FolderChoice } from './parse-add-submission.js';

export interface FolderTarget {
  name: string;
  /** The folder's id once it exists. */
  knownId(): string | undefined;
  /** The folder's id, creating it first when it is new. */
  ensure(): Promise<string>;
}

export function createFolderTarget(
  deps: Pick<ListenerDeps, 'stores' | 'clock'>,
  service: ResearchService,
  choice: FolderChoice,
  by: { teamId: string; userId: string },
): FolderTarget {
  let id = choice.kind === 'existing' ? choice.folderId : undefined;
  let creating: Promise<string> | undefined;
  const create = async (name: string): Promise<string> => {
    const created = await service.createFolder(name);
    await deps.stores.folders.save({
      teamId: by.teamId,
      folderId: created.folderId,
      name,
      createdBy: by.userId,
      createdAtMs: deps.clock(),
    });
    id = created.folderId;
    return created.folderId;
  };
  return {
    name: choice.name,
    knownId: () => id,
    ensure() {
      if (id !== undefined) return Promise.resolve(id);
      creating ??= create(choice.name).catch((error: unknown) => {
        creating = undefined;
        throw error;
      });
      return creating;
    },
  };
}
