// The data_visualization block as a native chart preview: a small SVG drawn from the block's own
// data (pie segments, or bar/area/line series over axis_config.categories), in the look of
// demo-chart.svg. Text goes in through text nodes only.
// The value axis is drawn as a chart library draws it: round ticks (d3-array's nice/ticks), bars
// and areas from zero, a line far from zero zoomed. Slack's docs do not say how it draws the
// axis; this is the app's assumption, the rule of src/charts/value-axis-zoom.ts, by which the
// app says "axis not from zero" in the block's y_label when a line zooms.
// @see https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block

import { nice, ticks } from '/vendor/d3-array.mjs';
import { h } from './dom.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const PALETTE = ['#1264a3', '#e8912d', '#2bac76', '#e01e5a', '#7c3aed', '#6b7280'];
const W = 360;
const H = 200;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs ?? {})) el.setAttribute(key, String(value));
  for (const child of children.flat(Number.POSITIVE_INFINITY)) {
    if (child === null || child === undefined) continue;
    el.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return el;
}

const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, notation: 'compact' });

/** About this many ticks on the value axis (d3 picks round steps near it). */
const TICKS = 5;

/** The value axis: a round extent and its ticks; zero included unless a line sits far from it. */
export function valueAxis(type, values) {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
  const nearest = lo > 0 ? lo : hi < 0 ? -hi : 0;
  const zooms = type === 'line' && nearest > hi - lo;
  if (!zooms) [lo, hi] = [Math.min(lo, 0), Math.max(hi, 0)];
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  [lo, hi] = nice(lo, hi, TICKS);
  return { lo, hi, ticks: ticks(lo, hi, TICKS), zooms };
}

function legend(items) {
  return h(
    'div',
    { class: 'dataviz-legend' },
    items.map((name, i) =>
      h(
        'span',
        { class: 'dataviz-legend-item' },
        h('span', { class: 'dataviz-swatch', style: { background: PALETTE[i % PALETTE.length] } }),
        name,
      ),
    ),
  );
}

function pieChart(segments) {
  // biome-ignore lint/complexity/useMathMinMax: a value that is not a number counts as 0 here; Math.max would give NaN.
  const total = segments.reduce((sum, s) => sum + (Number(s.value) > 0 ? Number(s.value) : 0), 0) || 1;
  const cx = W / 2;
  const cy = H / 2;
  const r = H / 2 - 10;
  let angle = -Math.PI / 2;
  const slices = segments.map((s, i) => {
    const share = Math.max(0, Number(s.value)) / total;
    const end = angle + share * 2 * Math.PI;
    const large = end - angle > Math.PI ? 1 : 0;
    const [x1, y1, x2, y2] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle), cx + r * Math.cos(end), cy + r * Math.sin(end)];
    const d =
      share >= 0.9999
        ? `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`
        : `M${cx},${cy}L${x1},${y1}A${r},${r} 0 ${large} 1 ${x2},${y2}Z`;
    angle = end;
    return svg(
      'path',
      { d, fill: PALETTE[i % PALETTE.length], stroke: '#fff' },
      svg('title', {}, `${s.label}: ${fmt.format(s.value)} (${(share * 100).toFixed(1)}%)`),
    );
  });
  return { drawing: slices, names: segments.map((s) => `${s.label} (${((Math.max(0, Number(s.value)) / total) * 100).toFixed(1)}%)`) };
}

function seriesChart(chart) {
  const categories = chart.axis_config?.categories ?? [];
  const series = chart.series ?? [];
  const values = series.flatMap((s) => (s.data ?? []).map((p) => Number(p.value))).filter(Number.isFinite);
  const axis = valueAxis(chart.type, values);
  const { lo, hi } = axis;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v) => PAD.top + plotH - ((v - lo) / (hi - lo)) * plotH;
  const band = plotW / Math.max(1, categories.length);
  const x = (i) => PAD.left + band * i + band / 2;
  const grid = axis.ticks.map((v) =>
    svg(
      'g',
      { class: 'dataviz-tick' },
      svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), stroke: '#dddddd' }),
      svg('text', { x: PAD.left - 4, y: y(v) + 3, 'text-anchor': 'end', 'font-size': 9, fill: '#616061' }, fmt.format(v)),
    ),
  );
  const step = Math.ceil(categories.length / 6);
  const labels = categories.map((c, i) =>
    i % step === 0 ? svg('text', { x: x(i), y: H - 10, 'text-anchor': 'middle', 'font-size': 9, fill: '#616061' }, String(c)) : null,
  );
  const marks = series.map((s, si) => {
    const color = PALETTE[si % PALETTE.length];
    const points = (s.data ?? []).map((p, i) => [x(i), y(Number(p.value))]);
    if (chart.type === 'bar') {
      const w = (band * 0.8) / Math.max(1, series.length);
      return (s.data ?? []).map((p, i) => {
        const top = Math.min(y(Number(p.value)), y(Math.max(lo, 0)));
        const height = Math.abs(y(Number(p.value)) - y(Math.max(lo, 0)));
        return svg(
          'rect',
          { x: PAD.left + band * i + band * 0.1 + w * si, y: top, width: w, height, fill: color },
          svg('title', {}, `${s.name} · ${p.label}: ${fmt.format(p.value)}`),
        );
      });
    }
    const line = points.map(([px, py]) => `${px},${py}`).join(' ');
    const area =
      chart.type === 'area' && points.length > 0
        ? svg('polygon', {
            points: `${points[0][0]},${y(Math.max(lo, 0))} ${line} ${points[points.length - 1][0]},${y(Math.max(lo, 0))}`,
            fill: color,
            'fill-opacity': 0.18,
          })
        : null;
    return [
      area,
      svg(
        'polyline',
        { points: line, fill: 'none', stroke: color, 'stroke-width': 2, 'stroke-linejoin': 'round' },
        svg('title', {}, s.name),
      ),
    ];
  });
  return { drawing: [grid, labels, marks], names: series.map((s) => s.name) };
}

export function renderDataVisualization(block) {
  const chart = block.chart ?? {};
  const { drawing, names } = chart.type === 'pie' ? pieChart(chart.segments ?? []) : seriesChart(chart);
  const axis = chart.axis_config ?? {};
  return h(
    'figure',
    { class: 'dataviz', 'data-chart-type': chart.type ?? '' },
    h('figcaption', { class: 'dataviz-title' }, block.title ?? ''),
    axis.y_label ? h('div', { class: 'dataviz-axis-label' }, axis.y_label) : null,
    svg(
      'svg',
      { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': block.title ?? 'chart' },
      svg('rect', { width: W, height: H, fill: '#f8f8f8' }),
      drawing,
    ),
    axis.x_label ? h('div', { class: 'dataviz-axis-label dataviz-x-label' }, axis.x_label) : null,
    legend(names),
  );
}
