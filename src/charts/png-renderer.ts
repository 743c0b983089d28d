/**
 * SVG → PNG with resvg, reading only the chart fonts (never the system's font directories, whose
 * scan costs more than the drawing). resvg-js 2.6 takes font files by path, not buffers, so the
 * paths are resolved once and the files stay in the OS page cache between renders.
 * @see https://github.com/thx/resvg-js#usage
 */
import type * as ResvgJs from '@resvg/resvg-js';
import type { ChartFonts } from './find-chart-fonts.js';
import { loadOnFirstUse } from './load-on-first-use.js';

/** resvg's native addon is ~7 MB of resident memory (load-on-first-use.ts). */
const resvg = loadOnFirstUse<typeof ResvgJs>('@resvg/resvg-js');

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
