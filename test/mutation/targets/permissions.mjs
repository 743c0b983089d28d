// @ts-check
/** Mutation targets: permissions (see ../mutation-targets.mjs). */

/** @type {ReadonlyArray<{ mutate: string; tests: readonly string[] }>} */
export const TARGETS = [];
