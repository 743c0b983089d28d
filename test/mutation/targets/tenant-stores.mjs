// @ts-check
/** Mutation targets: tenant-stores (see ../mutation-targets.mjs). */

/** @type {ReadonlyArray<{ mutate: string; tests: readonly string[] }>} */
export const TARGETS = [];
