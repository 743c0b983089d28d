/** What an emulated agent run "found" for a question: a real search over the demo data. */
import type { Dataset } from './data/dataset.js';
import type { DemoCompany } from './data/companies.js';
import { filterDocs, rankDocs } from './doc-query.js';

export interface FoundDoc {
  doc_id: string;
  title: string;
  url: string;
  published_at: string;
  snippet: string;
}

export interface FoundCompany {
  symbol: string;
  name: string;
  currency: string;
  latest?: {
    end_date: string;
    label: string;
    total_assets: number;
    total_liabilities: number;
    total_shareholders_equity: number;
    cash: number;
    operating_cash_flow: number;
  };
  history: Array<{ end_date: string; label: string; total_assets: number; total_liabilities: number; cash: number }>;
}

export interface ResearchFindings {
  lang: 'zh' | 'en';
  companies: FoundCompany[];
  docs: FoundDoc[];
  news: FoundDoc[];
  totalCount: number;
  index: { symbol: string; name: string; close: number; date: string; changePct: number } | undefined;
}

const CJK = /[\u3400-\u9fff]/;

function mentioned(question: string, c: DemoCompany): boolean {
  const q = question.toLowerCase();
  return [c.nameZh, c.nameEn.toLowerCase(), c.code.toLowerCase(), c.symbol.toLowerCase(), ...c.keywordsZh.slice(0, 1)].some(
    (term) => term.length >= 2 && q.includes(term),
  );
}

const SEARCHABLE = ['financials', 'transcripts', 'reports', 'filings', 'news', 'socials'] as const;

export function findResearch(dataset: Dataset, question: string, docIds: string[] = []): ResearchFindings {
  const lang = CJK.test(question) ? 'zh' : 'en';
  const clean = question.replace(/\[(error|slow|long|hiccup)\]/gi, ' ');
  const allowed = filterDocs(dataset, { defaultCategories: SEARCHABLE });
  const ranked = rankDocs(dataset, clean, 'smart', allowed);
  const pinned = docIds.flatMap((id) => {
    const d = dataset.docsById.get(id);
    return d ? [d] : [];
  });
  const topDocs = [...pinned, ...ranked.map((r) => r.doc).filter((d) => !docIds.includes(d.id))].slice(0, 6);
  const newsAllowed = filterDocs(dataset, { defaultCategories: ['news'] });
  const news = rankDocs(dataset, clean, 'smart', newsAllowed)
    .slice(0, 4)
    .map((r) => r.doc);

  const symbols: string[] = dataset.companies.filter((c) => mentioned(clean, c)).map((c) => c.symbol);
  for (const d of topDocs.slice(0, 3)) for (const s of d.symbols) if (!symbols.includes(s)) symbols.push(s);
  if (symbols.length === 0) symbols.push('SH:600519', 'US:NVDA');

  const companies: FoundCompany[] = symbols.slice(0, 3).flatMap((symbol) => {
    const c = dataset.companies.find((x) => x.symbol === symbol);
    if (!c) return [];
    const fin = dataset.financials.get(symbol);
    const quarterly = fin?.balanceSheets.filter((b) => b.period === 'quarterly') ?? [];
    const cfs = fin?.cashFlows.filter((f) => f.period === 'quarterly') ?? [];
    const bs = quarterly[0];
    const cf = cfs[0];
    const label = (fy: string, fq: string): string => `${fq} FY${fy}`;
    return [
      {
        symbol,
        name: lang === 'zh' ? c.nameZh : c.nameEn,
        currency: c.currency,
        latest:
          bs && cf
            ? {
                end_date: bs.end_date,
                label: label(bs.fiscal_year, bs.fiscal_quarter),
                total_assets: bs.non_current_assets.total_assets ?? 0,
                total_liabilities: bs.non_current_liabilities.total_liabilities ?? 0,
                total_shareholders_equity: bs.owners_equity.total_shareholders_equity ?? 0,
                cash: bs.current_assets.cash_and_cash_equivalents ?? 0,
                operating_cash_flow: cf.cash_flows_from_operating_activities.net_cash_flows_from_operating_activities ?? 0,
              }
            : undefined,
        history: quarterly.slice(0, 8).map((b) => ({
          end_date: b.end_date,
          label: label(b.fiscal_year, b.fiscal_quarter),
          total_assets: b.non_current_assets.total_assets ?? 0,
          total_liabilities: b.non_current_liabilities.total_liabilities ?? 0,
          cash: b.current_assets.cash_and_cash_equivalents ?? 0,
        })),
      },
    ];
  });

  const market = dataset.companies.find((c) => c.symbol === companies[0]?.symbol)?.market ?? 'us';
  const indexSymbol = market === 'cn' ? '000300' : market === 'hk' ? 'HSI' : 'SPX';
  const prices = dataset.indexPrices.get(indexSymbol) ?? [];
  const last = prices[0];
  const first = prices[prices.length - 1];
  const toFound = (d: (typeof topDocs)[number]): FoundDoc => ({
    doc_id: d.id,
    title: d.title,
    url: d.url,
    published_at: new Date(d.publishedAtMs).toISOString(),
    snippet: d.chunks.find((c) => c.type === 'text')?.content ?? '',
  });
  return {
    lang,
    companies,
    docs: topDocs.map(toFound),
    news: news.map(toFound),
    totalCount: ranked.length,
    index:
      last && first
        ? {
            symbol: indexSymbol,
            name: last.name,
            close: last.stock_price,
            date: last.date,
            changePct: Math.round(((last.stock_price - first.stock_price) / first.stock_price) * 10_000) / 100,
          }
        : undefined,
  };
}
