import type { EventStreamStats } from '../types.js';

export type { EventStreamStats };
export type StatsListener = (stats: Readonly<EventStreamStats>) => void;

export function createEventStreamStats(): EventStreamStats {
  return { delivered: 0, malformed: 0, duplicates: 0, heartbeats: 0, ignoredLines: 0, connections: 0, reconnects: 0 };
}
