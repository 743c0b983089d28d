import { describe, expect, it } from 'vitest';
import { renderChartSvg } from '../../src/charts/render-chart-svg.js';
import { buildLineChart, buildPieChart, buildPriceHistory } from './chart-fixtures.js';

/** The pieces (move-tos) of the first series' polyline; its points' symbols are arcs, not polylines. */
const linePieces = (svg: string): string[] =>
  /<path d="(M[\d. LM]*)" fill="none" pointer-events="visible" stroke="#1d9bd1"/.exec(svg)?.[1]?.split('M').slice(1) ?? [];

// File snapshots, so a reviewer can open the SVGs themselves.
describe('renderChartSvg', () => {
  it('draws a line chart with CJK labels, the unit in the axis title and thousands separators', async () => {
    const svg = renderChartSvg(buildLineChart());
    expect(svg).toContain('营业收入 Revenue');
    expect(svg).toContain('CNY m');
    expect(svg).toMatch(/>1[0-9]{2},000</);
    await expect(svg).toMatchFileSnapshot('__snapshots__/line-cjk.svg');
  });

  it('draws negative values below a zero line with a true minus sign', async () => {
    const svg = renderChartSvg(
      buildLineChart({
        title: 'Cash flow',
        yTitle: 'USD m',
        series: [{ name: 'Investing cash flow', values: [-12500, -8300, 4200, -15100] }],
      }),
    );
    expect(svg).toContain('−15,000');
    await expect(svg).toMatchFileSnapshot('__snapshots__/line-negative.svg');
  });

  it('leaves a gap where a period has no value instead of drawing zero', async () => {
    const svg = renderChartSvg(buildLineChart({ series: [{ name: 'Revenue', values: [100, null, 300, 400] }] }));
    // Two pieces: the lone first point, then the line after the gap.
    expect(linePieces(svg)).toHaveLength(2);
    await expect(svg).toMatchFileSnapshot('__snapshots__/line-nulls.svg');
  });

  it('draws a bar chart', async () => {
    await expect(renderChartSvg(buildLineChart({ kind: 'bar' }))).toMatchFileSnapshot('__snapshots__/bar.svg');
  });

  it('draws a pie chart with shares', async () => {
    const svg = renderChartSvg(buildPieChart());
    expect(svg).toContain('茅台酒');
    expect(svg).toContain('145,937.2');
    await expect(svg).toMatchFileSnapshot('__snapshots__/pie.svg');
  });

  it('draws a year of daily prices without a symbol per point', async () => {
    const svg = renderChartSvg(buildPriceHistory());
    expect(svg).toContain('CNY per share');
    expect(linePieces(svg)).toHaveLength(1);
    expect(svg).not.toContain('ecmeta_data_index=');
    await expect(svg).toMatchFileSnapshot('__snapshots__/price-history.svg');
  });

  it('is a pure function of the data: the same chart drawn again is the same SVG', () => {
    const first = renderChartSvg(buildLineChart());
    renderChartSvg(buildPieChart());
    expect(renderChartSvg(buildLineChart())).toBe(first);
    expect(first).not.toMatch(/\bzr\d+-/);
  });

  it('clamps a long title', () => {
    const svg = renderChartSvg(buildPieChart({ title: 'x'.repeat(200) }));
    expect(svg).not.toContain('x'.repeat(81));
    expect(svg).toContain(`${'x'.repeat(79)}…`);
  });
});
