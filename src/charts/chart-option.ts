/**
 * ChartData → an ECharts option: one layout for every chart the app draws, readable in a Slack
 * preview (large labels, a legend when there is more than one series, the unit in the axis title).
 * @see https://echarts.apache.org/en/option.html
 */
import type { EChartsOption } from 'echarts';
import type { ChartData, PieChartData, SeriesChartData } from './chart-data.js';
import { CHART_FONT_FAMILY } from './chart-font-family.js';
import { formatAxisNumber } from './format-axis-number.js';
import { valueAxis } from './value-axis.js';
import { zoomedAxisNote } from './value-axis-zoom.js';

/** The longest title drawn on a PNG (longer ones end with "…"). */
export const CHART_TITLE_MAX_CHARS = 80;

/** Beyond this many points, symbols on a line only add noise. */
const MAX_POINTS_WITH_SYMBOLS = 40;

const PALETTE = ['#1d9bd1', '#e8912d', '#2bac76', '#e01e5a', '#7c3aed', '#6b7280', '#b45309', '#0f766e'];

const clampTitle = (title: string): string =>
  [...title].length <= CHART_TITLE_MAX_CHARS ? title : `${[...title].slice(0, CHART_TITLE_MAX_CHARS - 1).join('')}…`;

const textStyle = { fontFamily: CHART_FONT_FAMILY, fontSize: 13, color: '#1d1c1d' };

export function chartOption(data: ChartData): EChartsOption {
  // A zoomed axis is said under the title, where it is read before the plot.
  const note = zoomedAxisNote(data);
  const subtext = note ? `${note.charAt(0).toUpperCase()}${note.slice(1)}` : undefined;
  const base: EChartsOption = {
    animation: false,
    backgroundColor: '#ffffff',
    color: PALETTE,
    textStyle,
    title: {
      text: clampTitle(data.title),
      left: 16,
      top: 12,
      textStyle: { ...textStyle, fontSize: 18 },
      ...(subtext ? { subtext, subtextStyle: { ...textStyle, color: '#616061' } } : {}),
    },
  };
  return data.kind === 'pie' ? { ...base, ...pieOption(data) } : { ...base, ...seriesOption(data) };
}

function pieOption(data: PieChartData): EChartsOption {
  return {
    legend: { bottom: 12, type: 'plain', textStyle },
    series: [
      {
        type: 'pie',
        radius: ['0%', '62%'],
        center: ['50%', '52%'],
        label: {
          formatter: (p) => `${p.name}\n${formatAxisNumber(Number(p.value))} (${formatAxisNumber(Number(p.percent))}%)`,
          ...textStyle,
        },
        data: data.segments.map((s) => ({ name: s.label, value: s.value })),
      },
    ],
  };
}

function seriesOption(data: SeriesChartData): EChartsOption {
  const many = data.categories.length > MAX_POINTS_WITH_SYMBOLS;
  const axis = valueAxis(data);
  return {
    legend: data.series.length > 1 ? { bottom: 8, left: 'center', textStyle } : { show: false },
    grid: { left: 24, right: 32, top: axis.zooms ? 92 : 72, bottom: data.series.length > 1 ? 48 : 24, containLabel: true },
    xAxis: {
      type: 'category',
      data: data.categories,
      boundaryGap: data.kind === 'bar',
      ...(data.xTitle ? { name: data.xTitle, nameLocation: 'middle', nameGap: 28 } : {}),
      axisLabel: { ...textStyle, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      // Our extent and step (ECharts' own would step by 3s: 0 / 300 / 600): bars and areas from
      // zero, a line far from zero zoomed (and the subtitle says so).
      min: axis.min,
      max: axis.max,
      interval: axis.step,
      ...(data.yTitle ? { name: data.yTitle, nameTextStyle: { ...textStyle, align: 'left' } } : {}),
      axisLabel: { ...textStyle, formatter: (v: number) => formatAxisNumber(v, axis.decimals) },
    },
    series: data.series.map((s) => ({
      name: s.name,
      type: data.kind === 'bar' ? 'bar' : 'line',
      data: s.values,
      // A missing period is a gap, not a zero.
      connectNulls: false,
      showSymbol: !many,
      ...(data.kind === 'area' ? { areaStyle: { opacity: 0.2 } } : {}),
    })),
  };
}
