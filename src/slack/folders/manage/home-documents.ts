/** App Home's *Research folders* section for a member of the installing organisation (the home slice asks). */
import type { KnownBlock } from '@slack/types';
import type { HomeDocumentsViewer } from '../../kit/feature-hooks.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { visibleFolders } from './folder-view.js';
import { renderHomeDocuments } from './home-documents-view.js';

export async function homeDocumentsSection(deps: ListenerDeps, viewer: HomeDocumentsViewer): Promise<KnownBlock[]> {
  const documentViewer = { teamId: viewer.teamId, userId: viewer.userId, isAdmin: viewer.isAdmin };
  return renderHomeDocuments(await visibleFolders(deps, documentViewer), documentViewer);
}
