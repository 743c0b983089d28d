/** The demo documents: per company and category, plus cross-company theme pieces and uploaded files. */
import type { DemoCompany } from './companies.js';
import { DEMO_CONCEPTS } from './concepts.js';
import { CANONICAL_LINKS, type DemoLinks } from '../demo-links.js';
import { buildChunks, type DemoChunk } from './document-chunks.js';
import { buildDocumentText, buildThemeText, type DemoCategory, type Language } from './document-text.js';
import { shiftByMonths, type DatasetCalendar } from './dataset-calendar.js';
import { addDays } from './add-days.js';
import { fiscalQuarters } from './fiscal-calendar.js';
import { createPrng, hashSeed, type Prng } from './prng.js';
import { resultsOutMs } from './report-dates.js';

export type TagType = 'industry' | 'company' | 'person' | 'event';
export type TagMap = Record<TagType, string[]>;

export interface DemoDocument {
  id: string;
  title: string;
  url: string;
  file_url: string;
  media_url: string;
  institution: string;
  author: string;
  publishedAtMs: number;
  category: DemoCategory;
  type: string;
  market: 'cn' | 'hk' | 'us';
  /** Primary company `<MARKET>:<code>`; '' for none. */
  symbol: string;
  /** Every company the document is about, primary first. */
  symbols: string[];
  company_name: string;
  logo: string;
  summary: string;
  tags: TagMap;
  metadatas: { period: string; periods: string[]; entities: string[] };
  language: Language;
  channel_id: string;
  channel_name: string;
  report_type: number;
  report_scope: number;
  folder_id?: string;
  /** Tags given at upload, for files. */
  uploadTags?: string[];
  chunks: DemoChunk[];
}

export interface DemoFolder {
  id: string;
  name: string;
  createdAtMs: number;
}

const PER_COMPANY: Record<DemoCategory, number> = {
  financials: 3,
  transcripts: 3,
  reports: 4,
  filings: 3,
  news: 6,
  socials: 4,
  files: 2,
};
/** Categories published from the quarter's results on: they are the results, or talk them through. */
const AFTER_RESULTS: ReadonlySet<DemoCategory> = new Set(['financials', 'transcripts', 'filings']);
const REPORT_TYPE: Record<DemoCategory, number> = {
  financials: 1,
  transcripts: 2,
  reports: 3,
  filings: 4,
  news: 5,
  socials: 6,
  files: 7,
};
/** Folders as of the base calendar; seedFolders moves their creation times with the data. */
const SEED_FOLDERS: readonly DemoFolder[] = [
  { id: 'fld_research_notes', name: 'Research notes', createdAtMs: Date.parse('2024-01-15T02:00:00Z') },
  { id: 'fld_earnings_prep', name: '业绩季准备', createdAtMs: Date.parse('2024-03-02T02:00:00Z') },
  { id: 'fld_watchlist', name: 'Watchlist', createdAtMs: Date.parse('2024-06-20T02:00:00Z') },
];

export function seedFolders(calendar: DatasetCalendar): DemoFolder[] {
  return SEED_FOLDERS.map((f) => ({ ...f, createdAtMs: shiftByMonths(calendar, f.createdAtMs) }));
}

function languageFor(company: DemoCompany, prng: Prng): Language {
  const zhShare = company.market === 'cn' ? 0.8 : company.market === 'hk' ? 0.6 : 0.25;
  return prng.chance(zhShare) ? 'zh' : 'en';
}

function summarize(lang: Language, title: string, paragraphs: string[]): string {
  const bullets = paragraphs.slice(0, 3).map((p) => `- ${p.length > 120 ? `${p.slice(0, 118)}…` : p}`);
  return lang === 'zh' ? `**${title}**\n\n要点：\n${bullets.join('\n')}` : `**${title}**\n\nKey points:\n${bullets.join('\n')}`;
}

function tagsFor(company: DemoCompany, lang: Language, event: string, prng: Prng): TagMap {
  return {
    industry: [lang === 'zh' ? company.industryZh : company.industryEn],
    company: [lang === 'zh' ? company.nameZh : company.nameEn],
    person: prng.sample(company.people, 1),
    event: [event],
  };
}

function docId(prng: Prng, used: Set<string>): string {
  for (;;) {
    const id = `doc_${prng.hex(12)}`;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

function companyDocuments(company: DemoCompany, calendar: DatasetCalendar, used: Set<string>, links: DemoLinks): DemoDocument[] {
  const prng = createPrng(hashSeed(`docs:${company.symbol}`));
  const quarters = fiscalQuarters(company, calendar).slice(-8);
  const out: DemoDocument[] = [];
  const folderIds = SEED_FOLDERS.map((f) => f.id);
  for (const category of Object.keys(PER_COMPANY) as DemoCategory[]) {
    for (let i = 0; i < PER_COMPANY[category]; i++) {
      const lang = languageFor(company, prng);
      const fq = prng.pick(quarters);
      const periodLabel = lang === 'zh' ? `${fq.fiscalYear}年Q${fq.quarter}` : `Q${fq.quarter} FY${fq.fiscalYear}`;
      const text = buildDocumentText(category, { company, lang, periodLabel, fiscalYear: fq.fiscalYear, quarter: fq.quarter, prng });
      const id = docId(prng, used);
      // News and posts follow the period they talk about by days to months; reports by weeks.
      const recent = category === 'news' || category === 'socials';
      const lagDays = recent ? prng.int(3, 150) : prng.int(20, 75);
      const drawnMs = Math.min(
        calendar.endMs - prng.int(3_600, 86_400) * 1000,
        Date.parse(`${addDays(fq.endDate, lagDays)}T00:00:00.000Z`) + prng.int(3_600, 80_000) * 1000,
      );
      // A filing, a data summary or a call about a quarter comes once its results are out (the
      // earnings calendar's day); the quarter is reported, so that is before the data's end.
      const publishedAtMs = AFTER_RESULTS.has(category) ? Math.max(drawnMs, resultsOutMs(company, fq)) : drawnMs;
      const tags = tagsFor(company, lang, text.event, prng);
      const isFile = category === 'files';
      out.push({
        id,
        title: text.title,
        url: links.document(id),
        file_url: links.file(id, isFile ? text.type : 'pdf'),
        media_url: category === 'transcripts' ? links.audio(id) : '',
        institution: text.institution,
        author: text.author,
        publishedAtMs: Math.max(calendar.startMs, publishedAtMs),
        category,
        type: text.type,
        market: company.market,
        symbol: company.symbol,
        symbols: [company.symbol],
        company_name: lang === 'zh' ? company.nameZh : company.nameEn,
        logo: company.logo,
        summary: summarize(lang, text.title, text.paragraphs),
        tags,
        metadatas: {
          period: `${fq.fiscalYear}Q${fq.quarter}`,
          periods: [`${fq.fiscalYear}Q${fq.quarter}`],
          entities: [company.nameZh, company.nameEn],
        },
        language: lang,
        channel_id: text.channelId,
        channel_name: text.channelName,
        report_type: REPORT_TYPE[category],
        report_scope: 1,
        ...(isFile
          ? {
              folder_id: prng.pick(folderIds),
              uploadTags: [...tags.company, ...tags.industry, prng.pick(['watchlist', 'earnings', 'deep-dive'])],
            }
          : {}),
        chunks: buildChunks(id, lang, text.paragraphs, text.table, text.image, text.formula, links),
      });
    }
  }
  return out;
}

function themeDocuments(companies: readonly DemoCompany[], calendar: DatasetCalendar, used: Set<string>, links: DemoLinks): DemoDocument[] {
  const prng = createPrng(hashSeed('docs:themes'));
  const out: DemoDocument[] = [];
  for (const concept of DEMO_CONCEPTS) {
    const related = concept.stocks.map((s) => companies.find((c) => c.code === s.code)).filter((c): c is DemoCompany => c !== undefined);
    const primary = related[0];
    if (!primary) continue;
    for (const [lang, category] of [
      ['zh', 'reports'],
      ['zh', 'news'],
      ['en', 'news'],
    ] as const) {
      const names = related.map((c) => (lang === 'zh' ? c.nameZh : c.nameEn));
      const conceptName = lang === 'zh' ? concept.name : concept.nameEn;
      const text = buildThemeText(conceptName, concept.desc, names, lang, prng);
      const paragraphs = [
        ...text.paragraphs,
        lang === 'zh' ? `关键词：${concept.keywords.join('、')}。` : `Keywords: ${concept.keywords.join(', ')}.`,
      ];
      const id = docId(prng, used);
      const institution = category === 'reports' ? prng.pick(['中信证券', '中金公司', '华泰证券']) : lang === 'zh' ? '财联社' : 'Reuters';
      const table = {
        caption: lang === 'zh' ? `${conceptName}相关公司` : `${conceptName}: companies`,
        header: lang === 'zh' ? ['公司', '代码', '相关度'] : ['Company', 'Symbol', 'Relevance'],
        rows: concept.stocks.map((s) => [s.name, s.code, s.relevance.toFixed(2)]),
      };
      const period = calendar.currentPeriod;
      out.push({
        id,
        title: text.title,
        url: links.document(id),
        file_url: links.file(id, 'pdf'),
        media_url: '',
        institution,
        author: lang === 'zh' ? '行业研究组' : 'Markets Desk',
        publishedAtMs: calendar.endMs - prng.int(0, 60) * 86_400_000 - prng.int(0, 40_000) * 1000,
        category,
        type: category === 'reports' ? 'industry_research' : 'news',
        market: primary.market,
        symbol: primary.symbol,
        symbols: related.map((c) => c.symbol),
        company_name: lang === 'zh' ? primary.nameZh : primary.nameEn,
        logo: primary.logo,
        summary: summarize(lang, text.title, paragraphs),
        tags: {
          industry: [...new Set(related.map((c) => (lang === 'zh' ? c.industryZh : c.industryEn)))],
          company: names,
          person: [],
          event: [lang === 'zh' ? '主题投资' : 'thematic'],
        },
        metadatas: { period, periods: [period], entities: names },
        language: lang,
        channel_id: category === 'reports' ? 'broker_theme' : lang === 'zh' ? 'cls' : 'reuters',
        channel_name: institution,
        report_type: REPORT_TYPE[category],
        report_scope: 2,
        chunks: buildChunks(
          id,
          lang,
          paragraphs,
          table,
          lang === 'zh' ? `图表：${conceptName}指数走势` : `Chart: ${conceptName} basket performance`,
          { latex: '\\Delta = \\frac{P_t - P_0}{P_0}', explain: lang === 'zh' ? '区间涨跌幅' : 'Period return' },
          links,
        ),
      });
    }
  }
  return out;
}

/** Every demo document, newest first. Deterministic: same ids and text on every build. */
export function buildDocuments(
  companies: readonly DemoCompany[],
  calendar: DatasetCalendar,
  links: DemoLinks = CANONICAL_LINKS,
): DemoDocument[] {
  const used = new Set<string>();
  const docs = [
    ...companies.flatMap((c) => companyDocuments(c, calendar, used, links)),
    ...themeDocuments(companies, calendar, used, links),
  ];
  return docs.sort((a, b) => b.publishedAtMs - a.publishedAtMs);
}
