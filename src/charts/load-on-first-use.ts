/**
 * A CommonJS package loaded the first time it is asked for, not at start: the chart packages are
 * large in memory, and most processes draw a chart rarely or never (issue 33: a smaller live heap
 * is cheaper to collect at every command). require() keeps the callers synchronous.
 */
import { createRequire } from 'node:module';

export function loadOnFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= createRequire(import.meta.url)(specifier) as T;
    return loaded;
  };
}
