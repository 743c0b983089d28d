/**
 * Where the Redis state store connects: one server (REDIS_URL), a Redis Cluster (seed nodes), or
 * a master found through Sentinel. src/config/store-config.ts builds one from the environment; the store turns it
 * into an ioredis client (redis-client.ts).
 */

export interface RedisNodeAddress {
  host: string;
  port: number;
}

export type RedisConnection =
  | { kind: 'single'; url: string }
  /** Seed nodes of a Redis Cluster; the client discovers the rest (CLUSTER SLOTS). */
  | { kind: 'cluster'; nodes: RedisNodeAddress[]; password?: string }
  /** Sentinels that name the current master of `name`; the client follows failovers. */
  | { kind: 'sentinel'; sentinels: RedisNodeAddress[]; name: string; password?: string };

/**
 * Parses `host:port,host:port` (IPv6 as `[::1]:7000`). Returns the addresses, or the first entry
 * that is not one, for a config error that names it.
 */
export function parseNodeList(raw: string): { nodes: RedisNodeAddress[] } | { bad: string } {
  const nodes: RedisNodeAddress[] = [];
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(entry);
    const port = Number(match?.[2]);
    if (!match?.[1] || !Number.isInteger(port) || port < 1 || port > 65_535) return { bad: entry };
    nodes.push({ host: match[1].replace(/^\[|\]$/g, ''), port });
  }
  return nodes.length > 0 ? { nodes } : { bad: raw };
}

/** host:port/db of a Redis URL, for logs: never the userinfo (it may hold a password). */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const db = parsed.pathname.replace(/^\//, '') || '0';
    return `${parsed.protocol}//${parsed.hostname}:${parsed.port || '6379'}/${db}`;
  } catch {
    return '(unparsable redis url)';
  }
}

/** The connection for logs and errors: addresses only, never a password. */
export function describeRedisConnection(connection: RedisConnection): string {
  const list = (nodes: RedisNodeAddress[]): string => nodes.map((n) => `${n.host}:${n.port}`).join(',');
  switch (connection.kind) {
    case 'single':
      return describeRedisUrl(connection.url);
    case 'cluster':
      return `cluster ${list(connection.nodes)}`;
    case 'sentinel':
      return `sentinel ${connection.name}@${list(connection.sentinels)}`;
  }
}
