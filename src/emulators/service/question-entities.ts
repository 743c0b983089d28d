/**
 * Which companies, indices and topics a research question names, recognised against the demo
 * data (pure). Companies by Chinese or English name, short name, alias, code or symbol (with or
 * without a market prefix: 600519, SH:600519, US:NVDA, NVDA, 0700.HK, HK:00700); indices by
 * symbol or name (沪深300, CSI 300, S&P 500); topics by a concept's name or keywords, or an
 * industry's name or words (`industry:<industryEn>`, industry-terms.ts). Companies the
 * demo data does not cover (a list of well-known ones, unknown tickers, unknown symbols, or an
 * unrecognised side of a comparison) come back as `uncovered`, as written, so the report can say so
 * instead of answering about someone else.
 *
 * Matching claims spans of the question, longest term first, so 贵州茅台 is one company rather than
 * a company plus the topic keyword 茅台, and 平安银行 (not covered) is not 平安 (Ping An).
 */
import type { DemoCompany } from './data/companies.js';
import type { ConceptDef } from './data/concepts.js';
import type { IndexDefinition } from './data/indices.js';
import type { UncoveredCompany } from './data/uncovered-companies.js';
import { INDUSTRY_PREFIX } from './industry-terms.js';
import { MAGIC_WORDS } from './magic-words.js';

export interface QuestionEntities {
  /** Symbols (`<MARKET>:<code>`), in the order the question first names them. */
  companies: string[];
  /** Index symbols (SPX, 000300, …). */
  indices: string[];
  /** Concept codes, and `industry:<industryEn>` for an industry. */
  topics: string[];
  /** Companies named that the demo data does not cover, as the report should name them. */
  uncovered: string[];
}

type Kind = 'company' | 'index' | 'uncovered' | 'topic';

interface Term {
  text: string;
  kind: Kind;
  /** Symbol, index symbol, concept code, or the uncovered company's label. */
  id: string;
}

export interface EntityCatalog {
  terms: Term[];
  companies: readonly DemoCompany[];
  indices: readonly IndexDefinition[];
}

export interface CatalogSources {
  companies: readonly DemoCompany[];
  indices: readonly IndexDefinition[];
  /** Names per index symbol (data/index-names.ts). */
  indexNames: Readonly<Record<string, readonly string[]>>;
  concepts: readonly ConceptDef[];
  uncovered: readonly UncoveredCompany[];
  /** Words for each industry (`industryEn`) besides its own names; without them, industries are no topics. */
  industryTerms?: Readonly<Record<string, readonly string[]>>;
}

/** On a tie, a company beats an index, which beats a not-covered name, which beats a topic. */
const KIND_RANK: Record<Kind, number> = { company: 0, index: 1, uncovered: 2, topic: 3 };

/** Capitalised words and acronyms that are not companies: never reported as uncovered. */
const NOT_COMPANIES = new Set(
  (
    'AI GPU CPU CEO CFO COO EV EVS FY US USA UK EU HK CN PRC EPS PE PB PS ROE ROA ROI ROIC ETF IPO USD CNY RMB HKD YOY QOQ ' +
    'TTM LTM FSD LLM CSI EBIT EBITDA CAGR GDP CPI PMI API DCF FCF NIM GMV ARPU DAU MAU CAPEX OPEX ESG IT TV PC VS OK Q1 Q2 Q3 Q4 ' +
    'H1 H2 AND OR THE NOT SAAS IOT ASP NAV NPL ADR SEC FDA GAAP IFRS WHAT WHO HOW WHY WHICH IS ARE DO DOES IT ITS THAT ' +
    'THIS THERE HERE LET TODAY TELL SHOW GIVE COMPARE PLEASE CHINA AMERICA JAPAN EUROPE ASIA INDIA GERMANY TAIWAN KOREA ' +
    'WORLD MARKET INDUSTRY SECTOR COMPANY FED YEAR QUARTER'
  )
    .split(' ')
    .map((w) => w.toUpperCase()),
);

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const SLACK_MARKUP = /<[@#!][^>]*>|<https?:[^>]*>/g;

export function buildEntityCatalog(src: CatalogSources): EntityCatalog {
  const terms: Term[] = [];
  const add = (kind: Kind, id: string, texts: Iterable<string>): void => {
    for (const text of new Set(texts)) if (text.trim().length > 0) terms.push({ text: text.trim(), kind, id });
  };
  for (const c of src.companies) add('company', c.symbol, [c.nameZh, c.nameEn, c.code, c.symbol, ...c.aliases]);
  for (const i of src.indices) add('index', i.symbol, [i.name, ...i.aliases, ...(src.indexNames[i.symbol] ?? [])]);
  for (const u of src.uncovered) add('uncovered', u.label, u.names);
  for (const t of src.concepts) add('topic', t.code, [t.name, t.nameEn, ...t.keywords]);
  const words = src.industryTerms;
  const industries = words ? new Map(src.companies.map((c) => [c.industryEn, c.industryZh])) : new Map<string, string>();
  for (const [en, zh] of industries) add('topic', `${INDUSTRY_PREFIX}${en}`, [en, zh, ...(words?.[en] ?? [])]);
  return { terms, companies: src.companies, indices: src.indices };
}

interface Span {
  start: number;
  end: number;
  kind: Kind;
  id: string;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `term` occurs: CJK anywhere, Latin text as whole words (short tickers case-sensitively). */
function occurrences(text: string, term: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (CJK.test(term)) {
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) out.push([at, at + term.length]);
    return out;
  }
  const flags = term.length <= 2 ? 'g' : 'gi';
  const body = escapeRegExp(term).replace(/\s+/g, '\\s*');
  const re = new RegExp(`(?<![A-Za-z0-9])${body}(?![A-Za-z0-9]|[.:][A-Za-z0-9])`, flags);
  for (const m of text.matchAll(re)) out.push([m.index, m.index + m[0].length]);
  return out;
}

/** Same code, forgiving leading zeros (0700.HK is 00700). */
function sameCode(a: string, b: string): boolean {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) === Number(b) && a.length >= 3;
  return a.toUpperCase() === b.toUpperCase();
}

/** Market-qualified symbols (SH:600519, US:NVDA, 0700.HK, 600519.SS): they resolve exactly or not at all. */
function symbolSpans(text: string, catalog: EntityCatalog): Span[] {
  const spans: Span[] = [];
  const resolve = (exchange: string, code: string, start: number, end: number, written: string): void => {
    const ex = exchange.toUpperCase() === 'SS' ? 'SH' : exchange.toUpperCase();
    const company = catalog.companies.find((c) => c.exchange === ex && sameCode(c.code, code));
    if (company) {
      spans.push({ start, end, kind: 'company', id: company.symbol });
      return;
    }
    const index = catalog.indices.find((i) => i.aliases.some((a) => a.toUpperCase() === `${ex}:${code.toUpperCase()}`));
    spans.push(index ? { start, end, kind: 'index', id: index.symbol } : { start, end, kind: 'uncovered', id: written });
  };
  for (const m of text.matchAll(/(?<![A-Za-z0-9])(SH|SZ|HK|US)\s*[:：]\s*([A-Za-z0-9]{1,6})(?![A-Za-z0-9])/gi)) {
    resolve(m[1] ?? '', m[2] ?? '', m.index, m.index + m[0].length, m[0].replace(/\s+/g, '').toUpperCase());
  }
  for (const m of text.matchAll(/(?<![A-Za-z0-9.])(\d{3,6}|[A-Za-z]{1,5})\.(HK|SH|SZ|SS|US)(?![A-Za-z0-9])/gi)) {
    resolve(m[2] ?? '', m[1] ?? '', m.index, m.index + m[0].length, m[0].toUpperCase());
  }
  return spans;
}

/** Bare codes: 600519, 00700 (an unknown number is just a number). */
function bareCodeSpans(text: string, catalog: EntityCatalog): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(/(?<![\d.:])\d{5,6}(?![\d.%])/g)) {
    const index = catalog.indices.find((i) => i.symbol === m[0]);
    const company = catalog.companies.find((c) => /^\d+$/.test(c.code) && c.code === m[0]);
    const end = m.index + m[0].length;
    if (index) spans.push({ start: m.index, end, kind: 'index', id: index.symbol });
    else if (company) spans.push({ start: m.index, end, kind: 'company', id: company.symbol });
  }
  return spans;
}

function termSpans(text: string, catalog: EntityCatalog): Span[] {
  return catalog.terms.flatMap((t) => occurrences(text, t.text).map(([start, end]) => ({ start, end, kind: t.kind, id: t.id })));
}

/** Longest first (then by kind), each character claimed once. */
function claim(candidates: Span[]): Span[] {
  const sorted = [...candidates].sort(
    (a, b) => b.end - b.start - (a.end - a.start) || KIND_RANK[a.kind] - KIND_RANK[b.kind] || a.start - b.start,
  );
  const claimed: Span[] = [];
  for (const s of sorted) if (!claimed.some((c) => s.start < c.end && c.start < s.end)) claimed.push(s);
  return claimed.sort((a, b) => a.start - b.start);
}

const isFree = (claimed: Span[], start: number, end: number): boolean => !claimed.some((c) => start < c.end && c.start < end);

/**
 * Company-looking words nothing claimed: unknown tickers (ZZZZ), possessives (Costco's) and the
 * sides of a comparison (Moutai vs Costco, compare Costco and NVDA, 比较茅台和剑南春).
 */
function unknownCompanySpans(text: string, claimed: Span[]): Span[] {
  const spans: Span[] = [];
  const consider = (start: number, written: string): void => {
    const word = written.trim();
    const end = start + written.length;
    if (word.length < 2 || NOT_COMPANIES.has(word.toUpperCase()) || !isFree(claimed, start, end)) return;
    if (spans.some((s) => s.start === start)) return;
    spans.push({ start, end, kind: 'uncovered', id: word });
  };
  for (const m of text.matchAll(/(?<![A-Za-z0-9$:.])[A-Z]{2,5}(?![A-Za-z0-9])/g)) consider(m.index, m[0]);
  for (const m of text.matchAll(/(?<![A-Za-z0-9])([A-Z][A-Za-z&]+)['’]s\b/g)) consider(m.index, m[1] ?? '');
  // `d`: each side's own position (the compare pattern's first side does not start the match).
  const pairs = [
    /([A-Z][\w&]*)\s+(?:[Vv][Ss]\.?|[Vv]ersus)\s+([A-Z][\w&]*)/dg,
    /\b[Cc]ompare\s+([A-Z][\w&]*)\s+(?:and|with|to)\s+([A-Z][\w&]*)/dg,
  ];
  for (const m of pairs.flatMap((pattern) => [...text.matchAll(pattern)])) {
    for (const side of [1, 2]) {
      const at = m.indices?.[side];
      if (at) consider(at[0], m[side] ?? '');
    }
  }
  for (const m of text.matchAll(/(?:比较|对比)([\u3400-\u9fff]{2,8}?)(?:和|与|跟|及|、)([\u3400-\u9fff]{2,8}?)(?=的|[，。？?！!\s]|$)/g)) {
    const first = m[1] ?? '';
    const second = m[2] ?? '';
    const firstAt = m.index + 2;
    const secondAt = m.index + m[0].length - second.length;
    if (isFree(claimed, firstAt, firstAt + first.length))
      spans.push({ start: firstAt, end: firstAt + first.length, kind: 'uncovered', id: first });
    if (isFree(claimed, secondAt, secondAt + second.length))
      spans.push({ start: secondAt, end: secondAt + second.length, kind: 'uncovered', id: second });
  }
  return spans;
}

/** The question without Slack markup (mentions, channels, links) and the emulator's magic words. */
export function plainQuestion(question: string): string {
  return question.replace(SLACK_MARKUP, ' ').replace(MAGIC_WORDS, ' ');
}

export function recognizeEntities(question: string, catalog: EntityCatalog): QuestionEntities {
  const text = plainQuestion(question);
  const claimed = claim([...symbolSpans(text, catalog), ...bareCodeSpans(text, catalog), ...termSpans(text, catalog)]);
  const all = [...claimed, ...unknownCompanySpans(text, claimed)].sort((a, b) => a.start - b.start);
  const ids = (kind: Kind): string[] => [...new Set(all.filter((s) => s.kind === kind).map((s) => s.id))];
  return { companies: ids('company'), indices: ids('index'), topics: ids('topic'), uncovered: ids('uncovered') };
}
