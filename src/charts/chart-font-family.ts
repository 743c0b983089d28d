/**
 * The families every chart's text asks for: Lato for Latin text, Noto Sans CJK for what Lato
 * lacks (Chinese, Japanese, Korean). Why not Noto alone, which covers Latin too: resvg-js 2.6
 * reads a font file in full whenever it shapes a text with it, and the CJK collection is 19 MB,
 * so a chart's ~40 labels cost over a second with Noto alone and about a tenth of that when only
 * the labels with CJK characters reach it (bench/chart-render.ts).
 */
export const LATIN_FONT_FAMILY = 'Lato';
export const CJK_FONT_FAMILY = 'Noto Sans CJK SC';
export const CHART_FONT_FAMILY = `${LATIN_FONT_FAMILY}, '${CJK_FONT_FAMILY}'`;
