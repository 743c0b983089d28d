import type { Config } from '../config/load-config.js';
import { defaultInstanceId, randomInstanceId } from '../store/default-instance-id.js';

/**
 * The process's one lease holder id, built once at start and passed to the relay and the
 * schedules. Stable across restarts of this replica, so a restart takes its runs back at once
 * rather than after their lease (default-instance-id.ts says why it stays distinct between
 * replicas): INSTANCE_ID, else the playground's own, else the default for the store in use; random
 * per start only when none of these can be stable (Redis with an ephemeral port).
 */
export async function resolveInstanceId(
  config: Pick<Config, 'instanceId' | 'redis' | 'dataDir' | 'port' | 'host'>,
  context: { playgroundInstanceId?: string | undefined; hostname: string },
): Promise<string> {
  const stable =
    config.instanceId ??
    context.playgroundInstanceId ??
    (await defaultInstanceId({
      store: config.redis ? 'redis' : 'file',
      dataDir: config.dataDir,
      hostname: context.hostname,
      port: config.port,
      ...(config.host ? { host: config.host } : {}),
    }));
  return stable ?? randomInstanceId(context.hostname);
}
