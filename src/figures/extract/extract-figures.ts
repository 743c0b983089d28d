import { marked, type Token, type Tokens } from 'marked';
import type { ExtractedFigure, FigureMetric, FigurePeriod, KnownCompany } from '../figure-types.js';
import { readMetricTerms } from './metric-words.js';
import { type CompanyMatcher, companyMatcher } from './company-matcher.js';
import { extractTableFigures } from './extract-table-figures.js';
import { extractTextFigures } from './extract-text-figures.js';
import { alignRaw, endOf, inlinePlainText, type PlainText } from './inline-plain-text.js';
import { readPeriods } from './read-period.js';

/**
 * Every figure a report quotes, in report order: read from its headings, paragraphs, list items
 * and tables (never from code, quoted text such as the question, or link targets). A heading or
 * list item naming one company sets the company of what it covers ("## Appendix 1: NVIDIA
 * quarterly data", "- **AMD** (`US:AMD`): …"); a report about one company makes it the default.
 * Offsets are indexes in `markdown`.
 */
export function extractFigures(markdown: string, companies: readonly KnownCompany[]): ExtractedFigure[] {
  // marked reads CRLF as LF; offsets are taken in the LF text and mapped back at the end.
  const source = markdown.replace(/\r\n?/g, '\n');
  // The report's own "**NVIDIA** (`US:NVDA`)" pairs name companies the run may not know.
  const matcher = companyMatcher(source, companies);
  const units = readUnits(marked.lexer(source), source, matcher);
  const single = reportCompany(units, matcher, companies);
  const figures = units.flatMap((unit) => dedupe(unitFigures(unit, source, matcher, single)));
  figures.sort((a, b) => a.offset - b.offset);
  const back = source === markdown ? undefined : lfToOriginal(markdown);
  return back ? figures.map((f) => ({ ...f, offset: back[f.offset] ?? f.offset })) : figures;
}

/**
 * The company a report is about, the default of what names none: the one its title names, else
 * the only one it names, else the run's only company when the report names none.
 */
function reportCompany(units: Unit[], matcher: CompanyMatcher, companies: readonly KnownCompany[]): string | undefined {
  const symbolsIn = (text: string) => new Set(matcher.find(text).map((m) => m.symbol));
  const title = units.find((u) => u.kind === 'text' && u.title);
  const inTitle = title?.kind === 'text' ? symbolsIn(title.plain.text) : new Set<string>();
  if (inTitle.size > 0) return inTitle.size === 1 ? [...inTitle][0] : undefined;
  const named = new Set(units.flatMap((u) => (u.kind === 'text' ? [...symbolsIn(u.plain.text)] : [])));
  if (named.size === 1) return [...named][0];
  return named.size === 0 && companies.length === 1 ? companies[0]?.symbol : undefined;
}

/** A block of the report to read figures from, with the company and period its place gives it. */
interface InScope {
  /** null: the heading or list item names several companies, so not even the report's applies. */
  company?: string | null;
  period?: FigurePeriod;
  metric?: FigureMetric;
}
type Unit = ({ kind: 'text'; plain: PlainText; title?: boolean } | { kind: 'table'; table: Tokens.Table; offset: number }) & InScope;

/** What a heading or list item says about what it covers; `null`: it names several, so none applies. */
interface Scope {
  company?: string | null;
  period?: FigurePeriod | null;
  /** Headings only: "## Revenue trend" makes its list's bare values revenue. */
  metric?: FigureMetric | null;
}

function readUnits(tokens: Token[], source: string, matcher: CompanyMatcher): Unit[] {
  const units: Unit[] = [];
  const headings: Array<Scope & { depth: number }> = [];
  const inScope = (scopes: Scope[]): InScope => {
    const out: InScope = {};
    const company = innermost(
      scopes.map((s) => s.company),
      true,
    );
    const period = innermost(scopes.map((s) => s.period));
    const metric = innermost(scopes.map((s) => s.metric));
    if (company !== undefined) out.company = company;
    if (period) out.period = period;
    if (metric) out.metric = metric;
    return out;
  };
  let caption: PlainText | undefined;
  let sourcesDepth: number | undefined;
  const inSources = () => sourcesDepth !== undefined;
  const walk = (list: Token[], scopes: Scope[], from: number) => {
    let at = from;
    for (const token of list) {
      const located = alignRaw(token.raw, source, at);
      const start = located?.[0] ?? at;
      const here = () => inScope([...headings, ...scopes]);
      if (token.type === 'heading') {
        const heading = token as Tokens.Heading;
        const plain = inlinePlainText(heading.tokens, source, start);
        sourcesDepth = sourcesDepth !== undefined && heading.depth > sourcesDepth ? sourcesDepth : undefined;
        if (sourcesDepth === undefined && SOURCES_HEADING.test(plain.text.trim())) sourcesDepth = heading.depth;
        while ((headings[headings.length - 1]?.depth ?? 0) >= heading.depth) headings.pop();
        headings.push({ depth: heading.depth, ...scopeOf(plain.text, matcher), metric: metricOf(plain.text) });
        // The report's title: its first heading, when that is a top-level one.
        const title = heading.depth === 1 && !units.some((u) => u.kind === 'text' && u.title !== undefined);
        units.push({ kind: 'text', plain, title, ...here() });
        caption = undefined;
      } else if (inSources()) {
        // A list of sources: its titles ("NVIDIA Q3 FY2025 revenue up 10.1%") are the documents' words, not the report's.
      } else if (token.type === 'paragraph' || token.type === 'text') {
        const inline = (token as Tokens.Paragraph).tokens ?? [];
        const plain = inlinePlainText(inline, source, start, isTitleLink);
        units.push({ kind: 'text', plain, ...here() });
        caption = plain;
      } else if (token.type === 'list') {
        for (const item of (token as Tokens.List).items) {
          const itemStart = alignRaw(item.raw, source, at)?.[0] ?? at;
          const lead = item.tokens.find((t) => t.type === 'text' || t.type === 'paragraph') as Tokens.Text | undefined;
          const leadText = lead ? inlinePlainText(lead.tokens ?? [], source, itemStart).text : '';
          walk(item.tokens, [...scopes, { company: scopeOf(leadText, matcher).company }], itemStart);
          at = itemStart + 1;
        }
        caption = undefined;
      } else if (token.type === 'table') {
        const scope = here();
        const captionScope = caption && caption.text.length <= 160 ? scopeOf(caption.text, matcher) : {};
        const table: Unit = { kind: 'table', table: token as Tokens.Table, offset: start, ...scope };
        if (captionScope.company) table.company = captionScope.company;
        if (captionScope.period) table.period = captionScope.period;
        units.push(table);
        caption = undefined;
      } else if (token.type !== 'space') {
        // Code, quoted text (the demo quotes the question), HTML, rules: no figures of the report's own.
        caption = undefined;
      }
      // The next block starts after this one (a later raw may also occur inside this one).
      if (located) at = endOf(located, at);
    }
  };
  walk(tokens, [], 0);
  return units;
}

/** A section listing the report's sources. */
const SOURCES_HEADING =
  /^(?:\d+[.)、]?\s*)?(?:sources?|references?|further reading|citations?|bibliography|参考资料|参考文献|资料来源|数据来源|来源|引用)[:：]?$/i;

/** A link whose text holds a number is a document's title ("[AMD Q4 FY2024 revenue up 43.7%](…)"), not the report's claim. */
function isTitleLink(token: Token): boolean {
  return token.type === 'link' && /\d/.test((token as Tokens.Link).text);
}

/** The company and period a heading, list item or caption names, when it names exactly one of each. */
function scopeOf(text: string, matcher: CompanyMatcher): Scope {
  const symbols = new Set(matcher.find(text).map((m) => m.symbol));
  const periods = readPeriods(text);
  const keys = new Set(periods.map((p) => `${p.period.kind}/${p.period.fiscalYear}`));
  return {
    company: symbols.size === 1 ? [...symbols][0] : symbols.size > 1 ? null : undefined,
    period: keys.size === 1 ? periods[0]?.period : keys.size > 1 ? null : undefined,
  };
}

/** The one metric a heading names ("Revenue trend", "营收趋势"), null when it names several or a blocker. */
function metricOf(text: string): FigureMetric | null | undefined {
  const terms = readMetricTerms(text);
  const metrics = new Set(terms.map((t) => t.metric));
  if (terms.length === 0) return undefined;
  const [only] = metrics;
  return metrics.size === 1 && only && !terms.some((t) => t.measure) ? only : null;
}

/** The innermost value set; `null` (several named) stops the search with none (or with null, to keep it). */
function innermost<T>(values: Array<T | null | undefined>, keepNull = false): T | null | undefined {
  for (let i = values.length - 1; i >= 0; i--) {
    const v = values[i];
    if (v === null) return keepNull ? null : undefined;
    if (v !== undefined) return v;
  }
  return undefined;
}

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}

function unitFigures(unit: Unit, source: string, matcher: CompanyMatcher, single: string | undefined): ExtractedFigure[] {
  const company = unit.company === null ? undefined : (unit.company ?? single);
  const scope = defined({ company, period: unit.period, metric: unit.metric });
  if (unit.kind === 'table') return extractTableFigures(unit.table, unit.offset, { markdown: source, companies: matcher, ...scope });
  if (!/\d/.test(unit.plain.text)) return [];
  const figures = extractTextFigures(unit.plain.text, 0, { companies: matcher, ...scope });
  return figures.map((f) => ({ ...f, offset: unit.plain.offsets[f.offset] ?? unit.plain.offsets[0] ?? 0 }));
}

/** The same figure written twice in one block counts once. */
function dedupe(figures: ExtractedFigure[]): ExtractedFigure[] {
  const seen = new Set<string>();
  return figures.filter((f) => {
    const p = f.period;
    const key = [f.symbol, f.metric, f.measure, p?.kind, p?.fiscalYear, p?.endDate, f.value.unit, f.value.value].join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Index in the original text of each index of its LF-only form (a CRLF pair is one LF). */
function lfToOriginal(original: string): number[] {
  const map: number[] = [];
  for (let i = 0; i < original.length; i++) {
    if (original[i] === '\r' && original[i + 1] === '\n') continue;
    map.push(i);
  }
  map.push(original.length);
  return map;
}
