// @ts-check
/** Mutation targets: escaping, mention defusing, redaction, signed requests, secret sealing. */

/** @type {ReadonlyArray<{ mutate: string; tests: readonly string[] }>} */
export const TARGETS = [
  // Untrusted text never pings anyone or breaks a payload.
  { mutate: 'src/slack/blocks/escape.ts', tests: ['test/slack/blocks/escape.test.ts'] },
];
