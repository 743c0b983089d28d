/**
 * Library modules the playground page imports, served from node_modules under /vendor/: only
 * those listed here (d3-array's ESM bundle, which rounds chart axes to nice ticks). Each is found
 * by Node's own resolution, so the page runs the version package-lock.json pins and the build
 * copies nothing.
 * @see https://d3js.org/d3-array/ticks
 */
import { createRequire } from 'node:module';

const resolve = createRequire(import.meta.url).resolve;

/** URL path → the package whose main ES module it is. */
const VENDOR_MODULES: Readonly<Record<string, string>> = {
  '/vendor/d3-array.mjs': 'd3-array',
};

/** The file to serve for a /vendor/ path, or undefined when the path names no listed module. */
export function vendorModuleFile(pathname: string): string | undefined {
  const pkg = Object.hasOwn(VENDOR_MODULES, pathname) ? VENDOR_MODULES[pathname] : undefined;
  return pkg === undefined ? undefined : resolve(pkg);
}
