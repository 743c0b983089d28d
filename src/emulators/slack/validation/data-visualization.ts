/**
 * The data_visualization block (2026-06-16): a native chart in messages. `title` ≤ 50; `chart` is
 * a pie (`segments` 1–6, each `{label ≤ 20, value > 0}`) or bar/area/line (`series` 1–6 with unique
 * names ≤ 20, each `data` 1–20 points `{label, value}` whose labels are `axis_config.categories`
 * (each ≤ 20) in order; `axis_config.x_label`/`y_label` ≤ 50). At most 2 per message (counted by
 * checkBlocks). Field tables as in Slack's block reference, mirrored by the slack-messaging crate.
 * @see https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block
 */
import { slackLimits } from './limits.js';
import { type IssueList, isRecord } from './validation-issue.js';

const SERIES_CHART_TYPES = ['bar', 'area', 'line'];

function checkLabel(issues: IssueList, path: string, value: unknown, max: number): void {
  if (typeof value !== 'string' || value.length === 0) issues.add(path, 'must provide a non-empty string');
  else issues.maxChars(path, value, max);
}

function checkPoint(issues: IssueList, path: string, point: unknown, positive: boolean): string | undefined {
  if (!isRecord(point)) {
    issues.add(path, 'must provide an object');
    return undefined;
  }
  checkLabel(issues, `${path}/label`, point.label, slackLimits.dataVizLabelChars);
  if (typeof point.value !== 'number' || !Number.isFinite(point.value)) issues.add(`${path}/value`, 'must provide a number');
  else if (positive && point.value <= 0) issues.add(`${path}/value`, 'must be greater than 0');
  return typeof point.label === 'string' ? point.label : undefined;
}

function checkList(issues: IssueList, path: string, list: unknown, max: number): list is unknown[] {
  if (!Array.isArray(list) || list.length === 0) {
    issues.add(path, 'must provide a non-empty array');
    return false;
  }
  if (list.length > max) issues.add(path, `must provide no more than ${max} items`);
  return true;
}

function checkSeriesChart(issues: IssueList, path: string, chart: Record<string, unknown>): void {
  const axis = chart.axis_config;
  let categories: unknown[] = [];
  if (!isRecord(axis)) issues.add(`${path}/axis_config`, 'must provide an object');
  else {
    if (checkList(issues, `${path}/axis_config/categories`, axis.categories, slackLimits.dataVizPointsPerSeries)) {
      categories = axis.categories as unknown[];
      categories.forEach((c, i) => {
        checkLabel(issues, `${path}/axis_config/categories/${i}`, c, slackLimits.dataVizLabelChars);
      });
    }
    for (const key of ['x_label', 'y_label']) {
      if (axis[key] !== undefined) checkLabel(issues, `${path}/axis_config/${key}`, axis[key], slackLimits.dataVizAxisLabelChars);
    }
  }
  if (!checkList(issues, `${path}/series`, chart.series, slackLimits.dataVizSeriesMax)) return;
  const names = new Set<string>();
  (chart.series as unknown[]).forEach((s, i) => {
    const sp = `${path}/series/${i}`;
    if (!isRecord(s)) {
      issues.add(sp, 'must provide an object');
      return;
    }
    checkLabel(issues, `${sp}/name`, s.name, slackLimits.dataVizLabelChars);
    if (typeof s.name === 'string') {
      if (names.has(s.name)) issues.add(`${sp}/name`, `duplicate series name "${s.name}"`);
      names.add(s.name);
    }
    if (!checkList(issues, `${sp}/data`, s.data, slackLimits.dataVizPointsPerSeries)) return;
    const labels = (s.data as unknown[]).map((p, j) => checkPoint(issues, `${sp}/data/${j}`, p, false));
    const matches = labels.length === categories.length && labels.every((l, j) => l === categories[j]);
    if (!matches)
      issues.add(`${sp}/data`, 'must provide one point per axis_config.categories entry, with the same labels in the same order');
  });
}

export function checkDataVisualization(issues: IssueList, path: string, block: Record<string, unknown>): void {
  checkLabel(issues, `${path}/title`, block.title, slackLimits.dataVizTitleChars);
  const chart = block.chart;
  if (!isRecord(chart)) {
    issues.add(`${path}/chart`, 'must provide an object');
    return;
  }
  const cp = `${path}/chart`;
  if (chart.type === 'pie') {
    if (!checkList(issues, `${cp}/segments`, chart.segments, slackLimits.dataVizSegmentsMax)) return;
    (chart.segments as unknown[]).forEach((s, i) => {
      checkPoint(issues, `${cp}/segments/${i}`, s, true);
    });
  } else if (SERIES_CHART_TYPES.includes(String(chart.type))) checkSeriesChart(issues, cp, chart);
  else issues.add(`${cp}/type`, 'must be one of [pie, bar, area, line]');
}
