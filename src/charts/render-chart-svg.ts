/**
 * ChartData → an SVG string with ECharts' server-side renderer (no DOM, no canvas).
 * @see https://echarts.apache.org/handbook/en/how-to/cross-platform/server/
 */
import type * as Echarts from 'echarts';
import type { ChartData } from './chart-data.js';
import { chartOption } from './chart-option.js';
import { loadOnFirstUse } from './load-on-first-use.js';

export interface ChartSize {
  width: number;
  height: number;
}

export const DEFAULT_CHART_SIZE: ChartSize = { width: 960, height: 540 };

/** ECharts is ~19 MiB of heap (load-on-first-use.ts). */
const echarts = loadOnFirstUse<typeof Echarts>('echarts');

export function renderChartSvg(data: ChartData, size: ChartSize = DEFAULT_CHART_SIZE): string {
  const chart = echarts().init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height });
  try {
    chart.setOption(chartOption(data));
    return withStableIds(chart.renderToSVGString());
  } finally {
    // An instance that is not disposed keeps timers alive, and with them the process.
    chart.dispose();
  }
}

/**
 * zrender names its ids and style classes after a process-wide instance counter (`zr3-cls-17`,
 * `zr3-c0`), so the same data drawn later in a process would give a different SVG. Renaming each
 * token by order of first appearance (references and definitions alike) keeps a chart a pure
 * function of its data.
 */
function withStableIds(svg: string): string {
  const names = new Map<string, string>();
  const counts = new Map<string, number>();
  return svg.replace(/\bzr\d+-([a-z]+)-?(\d+)\b/g, (token: string, kind: string) => {
    let name = names.get(token);
    if (name === undefined) {
      const n = counts.get(kind) ?? 0;
      counts.set(kind, n + 1);
      name = `chart-${kind}-${n}`;
      names.set(token, name);
    }
    return name;
  });
}
