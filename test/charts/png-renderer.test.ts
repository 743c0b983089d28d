import { describe, expect, it } from 'vitest';
import { findChartFonts, LATO_PATH, NOTO_SANS_CJK_PATH } from '../../src/charts/find-chart-fonts.js';
import { createPngRenderer } from '../../src/charts/png-renderer.js';
import { renderChartSvg } from '../../src/charts/render-chart-svg.js';
import { buildLineChart, buildPriceHistory } from './chart-fixtures.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which always comes first. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('createPngRenderer', () => {
  it('rasterises a chart to a PNG of the chart size', () => {
    const warnings: string[] = [];
    const render = createPngRenderer(findChartFonts(), (w) => warnings.push(w));
    const png = render(renderChartSvg(buildPriceHistory(), { width: 960, height: 540 }));
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 960, height: 540 });
    expect(png.length).toBeGreaterThan(10_000);
    expect(png.length).toBeLessThan(1_000_000);
    expect(warnings).toEqual([]);
  });

  it('draws CJK labels with the CJK font: the PNG differs from one drawn without fonts', () => {
    const svg = renderChartSvg(buildLineChart());
    const withFonts = createPngRenderer(findChartFonts(), () => {})(svg);
    const withoutFonts = createPngRenderer({ files: [], defaultFamily: 'Lato' }, () => {})(svg);
    expect(withFonts.equals(withoutFonts)).toBe(false);
  });

  it('warns once and still renders when the font is missing', () => {
    const warnings: string[] = [];
    const fonts = findChartFonts({ cjk: '/nonexistent/NotoSansCJK-Regular.ttc', latin: '/nonexistent/Lato.ttf' });
    const render = createPngRenderer(fonts, (w) => warnings.push(w));
    const png = render(renderChartSvg(buildLineChart()));
    render(renderChartSvg(buildLineChart()));
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('fonts-noto-cjk');
  });

  it('finds the installed Noto Sans CJK and Lato fonts', () => {
    expect(findChartFonts().files).toEqual([LATO_PATH, NOTO_SANS_CJK_PATH]);
  });

  it('warns when Lato is missing and still draws with Noto Sans CJK alone', () => {
    const fonts = findChartFonts({ cjk: NOTO_SANS_CJK_PATH, latin: '/nonexistent/Lato.ttf' });
    expect(fonts.files).toEqual([NOTO_SANS_CJK_PATH]);
    expect(fonts.warning).toContain('fonts-lato');
  });
});
