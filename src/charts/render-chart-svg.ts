/**
 * ChartData → an SVG string with ECharts' server-side renderer (no DOM, no canvas).
 * @see https://echarts.apache.org/handbook/en/how-to/cross-platform/server/
 */
import * as echarts from 'echarts';
import type { ChartData } from './chart-data.js';
import { chartOption } from './chart-option.js';

export interface ChartSize {
  width: number;
  height: number;
}

export const DEFAULT_CHART_SIZE: ChartSize = { width: 960, height: 540 };

export function renderChartSvg(data: ChartData, size: ChartSize = DEFAULT_CHART_SIZE): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height });
  try {
    chart.setOption(chartOption(data));
    return chart.renderToSVGString();
  } finally {
    // An instance that is not disposed keeps timers alive, and with them the process.
    chart.dispose();
  }
}
