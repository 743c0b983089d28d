/**
 * SVG → PNG with resvg, reading only the chart fonts (never the system's font directories, whose
 * scan costs more than the drawing). resvg-js 2.6 takes font files by path, not buffers, so the
 * paths are resolved once and the files stay in the OS page cache between renders.
 * @see https://github.com/thx/resvg-js#usage
 */
import { createRequire } from 'node:module';
import type * as ResvgJs from '@resvg/resvg-js';
import type { ChartFonts } from './find-chart-fonts.js';

/**
 * resvg is loaded on the first PNG, not at start, as ECharts is (render-chart-svg.ts): its native
 * addon is ~7 MB of resident memory in processes that may never draw a chart (issue 33).
 */
let loaded: typeof ResvgJs | undefined;
function resvg(): typeof ResvgJs {
  loaded ??= createRequire(import.meta.url)('@resvg/resvg-js') as typeof ResvgJs;
  return loaded;
}

export type PngRenderer = (svg: string) => Buffer;

export function createPngRenderer(fonts: ChartFonts, warn: (message: string) => void): PngRenderer {
  if (fonts.warning) warn(fonts.warning);
  const options = {
    font: { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: fonts.defaultFamily, sansSerifFamily: fonts.defaultFamily },
    background: '#ffffff',
    logLevel: 'off' as const,
  };
  return (svg) => new (resvg().Resvg)(svg, options).render().asPng();
}
