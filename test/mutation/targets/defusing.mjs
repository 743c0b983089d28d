// @ts-check
/** Mutation targets: escaping, mention defusing, redaction, signed requests, replay claims, secret sealing. */

const REPLAY_CLAIMS = ['test/store/event-dedupe.integration.test.ts', 'test/store/file-store-claim-before-disk.integration.test.ts'];

/** @type {ReadonlyArray<{ mutate: string; tests: readonly string[] }>} */
export const TARGETS = [
  // Untrusted text never pings anyone or breaks a payload.
  { mutate: 'src/slack/blocks/escape.ts', tests: ['test/slack/blocks/escape.test.ts'] },
  // No secret leaves the process in a log line or a Slack request.
  { mutate: 'src/observability/redactor.ts', tests: ['test/observability/redactor.test.ts', 'test/observability/logger.test.ts'] },
  { mutate: 'src/slack-api/redacting-fetch.ts', tests: ['test/slack-api/redacting-fetch.test.ts'] },
  // Only well-signed, fresh, first-seen requests reach Bolt.
  { mutate: 'src/slack/app/screen-signed-request.ts', tests: ['test/slack/app/screen-signed-request.test.ts'] },
  { mutate: 'src/slack/app/guard-signed-requests.ts', tests: ['test/slack/app/guard-signed-requests.integration.test.ts'] },
  { mutate: 'src/slack/kit/slack-signature.ts', tests: ['test/slack/kit/slack-signature.test.ts'] },
  // Replays and Slack's redeliveries run once, across replicas.
  { mutate: 'src/store/signed-request-dedupe.ts', tests: REPLAY_CLAIMS },
  { mutate: 'src/store/event-dedupe.ts', tests: REPLAY_CLAIMS },
  { mutate: 'src/slack/kit/dedupe-events-middleware.ts', tests: ['test/slack/kit/dedupe-events-middleware.test.ts'] },
  // Credentials are sealed at rest and open only with a configured key. (src/store/secret-sealer.ts
  // is the box's interface as the store sees it, types only: no mutants. The stores' sealing and
  // re-sealing is under tenant-stores: installations.ts, service-connections.ts.)
  { mutate: 'src/secrets/secret-box.ts', tests: ['test/secrets/secret-box.test.ts'] },
];
