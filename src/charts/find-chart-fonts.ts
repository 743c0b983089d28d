/**
 * The font files charts are drawn with, found once at start-up. Debian's fonts-noto-cjk (installed
 * by the Dockerfile and CI) covers Chinese and Latin; Lato (fonts-lato) is used for Latin when present.
 */
import { existsSync } from 'node:fs';

export const NOTO_SANS_CJK_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const LATO_PATH = '/usr/share/fonts/truetype/lato/Lato-Regular.ttf';

export interface ChartFonts {
  /** Files resvg loads; empty when none was found (text is then not drawn). */
  files: string[];
  /** Set when the CJK font is missing: why labels will not show. */
  warning?: string;
}

export function findChartFonts(candidates: { cjk: string; latin: string } = { cjk: NOTO_SANS_CJK_PATH, latin: LATO_PATH }): ChartFonts {
  const cjk = existsSync(candidates.cjk);
  const files = [candidates.cjk, candidates.latin].filter((f) => existsSync(f));
  return cjk
    ? { files }
    : {
        files,
        warning: `chart font missing: ${candidates.cjk} not found (install Debian's fonts-noto-cjk); chart labels in Chinese will not be drawn`,
      };
}
