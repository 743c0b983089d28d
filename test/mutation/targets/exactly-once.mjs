// @ts-check
/**
 * Mutation targets: exactly-once (see ../mutation-targets.mjs): leases and the lease-guarded
 * writer, the event cursor, post-or-adopt, digest locks, markers and claim trust, thread start
 * claims. The watch alert's claim has no module of its own (the watch poller claims it by a
 * compare-and-set on the watch's versioned state, inside src/schedules/watch-poller.ts).
 */

/** @type {ReadonlyArray<{ mutate: string; tests: readonly string[] }>} */
export const TARGETS = [
  { mutate: 'src/store/leases.ts', tests: ['test/store/leases.integration.test.ts', 'test/agent/runtime/run-leases.integration.test.ts'] },
  {
    mutate: 'src/agent/runtime/run-leases.ts',
    tests: ['test/agent/runtime/run-leases.integration.test.ts', 'test/agent/sinks/lease-guarded-writer.integration.test.ts'],
  },
  { mutate: 'src/agent/sinks/lease-guarded-writer.ts', tests: ['test/agent/sinks/lease-guarded-writer.integration.test.ts'] },
  { mutate: 'src/service/event-stream/event-cursor.ts', tests: ['test/service/event-stream/event-cursor.test.ts'] },
  {
    mutate: 'src/agent/sinks/post-or-adopt.ts',
    tests: ['test/agent/sinks/post-or-adopt.integration.test.ts', 'test/agent/sinks/read-thread-tier.integration.test.ts'],
  },
  { mutate: 'src/store/digest-locks.ts', tests: ['test/store/digest-locks.integration.test.ts'] },
  { mutate: 'src/store/digest-markers.ts', tests: ['test/store/digest-markers.integration.test.ts'] },
  { mutate: 'src/schedules/claim-trust.ts', tests: ['test/schedules/claim-trust.test.ts'] },
  { mutate: 'src/store/thread-start-claims.ts', tests: ['test/store/thread-start-claims.integration.test.ts'] },
];
