// @ts-check
/** Mutation targets: exactly-once (see ../mutation-targets.mjs). */

/** @type {ReadonlyArray<{ mutate: string; tests: readonly string[] }>} */
export const TARGETS = [];
