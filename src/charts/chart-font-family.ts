/**
 * The family every chart's text asks for. Noto Sans CJK has Latin glyphs too, so one family draws
 * company names in Chinese and English; resvg falls back to the default family (the same font).
 */
export const CHART_FONT_FAMILY = 'Noto Sans CJK SC';
