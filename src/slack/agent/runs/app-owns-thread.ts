/**
 * Whether a channel thread is one the app answered in: a run started there (its thread maps to a
 * service conversation) or one is starting there now. Only such threads take plain replies as
 * questions; everywhere else the app waits to be mentioned.
 */
import type { ThreadRef } from '../../../store/thread-question-queue.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';

export async function appOwnsThread(deps: Pick<ListenerDeps, 'stores'>, thread: ThreadRef): Promise<boolean> {
  if (await deps.stores.threads.get(thread.teamId, thread.channelId, thread.threadTs)) return true;
  const active = await deps.stores.runs.listActive();
  return active.some((r) => r.teamId === thread.teamId && r.channelId === thread.channelId && r.threadTs === thread.threadTs);
}
