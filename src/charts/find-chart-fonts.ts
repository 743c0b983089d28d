/**
 * The font files charts are drawn with, found once. Debian's fonts-noto-cjk covers Chinese and
 * Latin; fonts-lato draws Latin labels fast (chart-font-family.ts says why). Both are installed by
 * the Dockerfile and CI.
 */
import { existsSync } from 'node:fs';
import { CJK_FONT_FAMILY, LATIN_FONT_FAMILY } from './chart-font-family.js';

export const NOTO_SANS_CJK_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const LATO_PATH = '/usr/share/fonts/truetype/lato/Lato-Regular.ttf';

export interface ChartFonts {
  /** Files resvg loads; empty when none was found (text is then not drawn). */
  files: string[];
  /** The family for text whose own families are missing. */
  defaultFamily: string;
  /** Set when a font is missing: what will look wrong or be slow, and how to fix it. */
  warning?: string;
}

export function findChartFonts(candidates: { cjk: string; latin: string } = { cjk: NOTO_SANS_CJK_PATH, latin: LATO_PATH }): ChartFonts {
  const cjk = existsSync(candidates.cjk);
  const latin = existsSync(candidates.latin);
  const files = [...(latin ? [candidates.latin] : []), ...(cjk ? [candidates.cjk] : [])];
  const defaultFamily = latin ? LATIN_FONT_FAMILY : CJK_FONT_FAMILY;
  if (!cjk) {
    return {
      files,
      defaultFamily,
      warning: `chart font missing: ${candidates.cjk} not found (install Debian's fonts-noto-cjk); Chinese labels on charts will not be drawn`,
    };
  }
  if (!latin) {
    return {
      files,
      defaultFamily,
      warning: `chart font missing: ${candidates.latin} not found (install Debian's fonts-lato); charts are drawn with Noto Sans CJK alone, about ten times slower`,
    };
  }
  return { files, defaultFamily };
}
