/**
 * The lease holder id of a replica when INSTANCE_ID is unset. It must be stable across restarts of
 * the same replica, so that a restarted process holds the leases its predecessor left and resumes
 * their runs at once rather than after RUN_LEASE_SECONDS; and distinct between replicas alive at
 * the same time, as a replica holding another one's id would relay that one's runs too.
 *
 * - Embedded file store: an id kept in DATA_DIR/instance-id. DATA_DIR is locked to one process
 *   (data-dir-lock.ts), so no live process can share it, and it survives a container that is
 *   recreated on the same volume.
 * - Redis: the host name plus the address the app listens on. A host name is the pod name in
 *   Kubernetes and the container id in Docker: the same for a restarted container, different for
 *   a second replica; and two processes on one machine cannot listen on the same address. An
 *   ephemeral port (PORT=0) tells nothing, so then the id is random per start (resume waits out
 *   the lease). A shared DATA_DIR file would not do here: with Redis nothing locks DATA_DIR.
 */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { readOrCreateInstanceId } from './persistent-instance-id.js';

export interface ReplicaIdentity {
  /** os.hostname(): injected, so tests choose it. */
  hostname: string;
  /** The app's HTTP port (HTTP mode, and Socket Mode's health routes). */
  port: number;
  /** The interface it listens on, when set. */
  host?: string;
}

/** INSTANCE_ID's rule (src/config/relay-config.ts): letters, digits, . _ : - and at most 100 characters. */
const MAX_LENGTH = 100;

/** `<hostname>:[<host>:]<port>`, or undefined for an ephemeral port. */
export function listenerInstanceId(identity: ReplicaIdentity): string | undefined {
  if (identity.port === 0) return undefined;
  return toInstanceId(`${identity.hostname}:${identity.host ? `${identity.host}:` : ''}${identity.port}`);
}

/** The default id for the store in use (see above); undefined leaves it random per start (randomInstanceId). */
export async function defaultInstanceId(
  options: ReplicaIdentity & { store: 'redis' | 'file'; dataDir: string },
): Promise<string | undefined> {
  if (options.store === 'redis') return listenerInstanceId(options);
  return readOrCreateInstanceId(path.join(options.dataDir, 'instance-id'), () => randomInstanceId(options.hostname));
}

/**
 * `<hostname>-<8 hex>`, new on every call: for a process with no stable id (an ephemeral port with
 * Redis, a test), which then resumes a predecessor's runs only once their leases expire.
 */
export function randomInstanceId(hostname: string): string {
  return `${toInstanceId(hostname).slice(0, MAX_LENGTH - 9)}-${randomUUID().slice(0, 8)}`;
}

/** Characters INSTANCE_ID does not allow become `-`; a long id keeps its start and a hash of the whole. */
function toInstanceId(raw: string): string {
  const safe = raw.replace(/[^A-Za-z0-9._:-]/g, '-');
  if (safe.length <= MAX_LENGTH) return safe;
  const digest = createHash('sha256').update(raw).digest('hex').slice(0, 12);
  return `${safe.slice(0, MAX_LENGTH - digest.length - 1)}-${digest}`;
}
