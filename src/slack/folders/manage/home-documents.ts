/** App Home's *Research folders* section (issue 31: placeholder until built). */
import type { KnownBlock } from '@slack/types';
import type { HomeDocumentsViewer } from '../../kit/feature-hooks.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';

export async function homeDocumentsSection(_deps: ListenerDeps, _viewer: HomeDocumentsViewer): Promise<KnownBlock[]> {
  return [];
}
