/** Reads the metrics port of a running desk: the Prometheus text parsed, or the JSON view. */
import parsePrometheusTextFormat, { type ParsedFamily, type ParsedSample } from 'parse-prometheus-text-format';

export interface Scrape {
  contentType: string;
  text: string;
  /** Every family as the parser reads it (a line it cannot read throws). */
  families: Map<string, ParsedFamily>;
  /** One series of a histogram, by its labels besides `le`. */
  histogram(name: string, labels?: Record<string, string>): ParsedSample | undefined;
}

export async function scrapeMetrics(port: number): Promise<Scrape> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  const text = await res.text();
  return {
    contentType: res.headers.get('content-type') ?? '',
    text,
    families: new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f])),
    histogram: (name, labels = {}) => histogramSeries(text, name, labels),
  };
}

/**
 * The parser (1.1.1) folds every label set of a histogram into one sample and drops their labels,
 * so one series is cut out first (its lines, the given labels removed) and parsed alone.
 */
function histogramSeries(text: string, name: string, labels: Record<string, string>): ParsedSample | undefined {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const lines = text.split('\n').filter((line) => {
    if (line.startsWith('#')) return line.startsWith(`# TYPE ${name} `);
    return line.startsWith(`${name}_`) && pairs.every((p) => line.includes(p));
  });
  const alone = lines.map((line) => pairs.reduce((l, p) => l.replace(`,${p}`, '').replace(`{${p},`, '{').replace(`{${p}}`, ''), line));
  if (alone.length < 2) return undefined;
  return parsePrometheusTextFormat(`${alone.join('\n')}\n`)[0]?.metrics[0];
}

export async function metricsJson<T>(port: number | undefined): Promise<T> {
  if (port === undefined) throw new Error('the desk has no metrics port (start it with metricsPort: 0)');
  const res = await fetch(`http://127.0.0.1:${port}/metrics.json`);
  if (res.status !== 200) throw new Error(`GET /metrics.json answered ${res.status}`);
  return (await res.json()) as T;
}
