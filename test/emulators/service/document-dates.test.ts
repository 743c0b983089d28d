/**
 * Issue 29, defect 5: a document was dated 2026-09-06 on its card and 2026-09-05 on its page. The
 * one rule: a document's date is the calendar day of its publication in its market's own zone
 * (the app's src/service/dates.ts marketDate; the emulator's data/market-calendar.ts). For every
 * demo document, in both list forms the service sends, the card and the page show the same day;
 * and no filing, data summary or call about a quarter is dated before the quarter's report day.
 */
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import { renderDocumentPage } from '../../../src/emulators/service/pages/document-page.js';
import { formatListDoc, type Variant } from '../../../src/emulators/service/variants.js';
import { fiscalQuarter } from '../../../src/emulators/service/data/fiscal-calendar.js';
import { marketLocalDate } from '../../../src/emulators/service/data/market-calendar.js';
import { reportDate } from '../../../src/emulators/service/data/report-dates.js';
import { documentSummarySchema } from '../../../src/service/schemas/document-summary-schema.js';
import { docItem } from '../../../src/slack/research/cards/doc-item.js';

const ds = buildDataset({ anchorMs: Date.parse('2026-11-27T00:00:00Z') });

/** The date in the page's meta line (company · symbols · institution · author · category · date). */
function pageDate(html: string): string | undefined {
  const meta = /<p class="meta">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
  return /(\d{4}-\d{2}-\d{2})\s*$/.exec(meta)?.[1];
}

describe.each<Variant>(['latest', 'published'])('document dates in the %s variant', (variant) => {
  it('are the same day on the card and on the page, for every document', () => {
    const differ: string[] = [];
    for (const doc of ds.documents) {
      const card = docItem(documentSummarySchema.parse(formatListDoc(doc, variant, ds.companies)), 'UTC').date;
      const page = pageDate(renderDocumentPage(doc).html);
      if (card !== page) differ.push(`${doc.id} (${doc.market}, ${new Date(doc.publishedAtMs).toISOString()}): card ${card}, page ${page}`);
    }
    expect(differ).toEqual([]);
  });
});

describe('documents about a quarter’s results', () => {
  it('come out on or after the day the earnings calendar gives for that quarter, never before', () => {
    const early: string[] = [];
    for (const doc of ds.documents) {
      if (doc.report_scope !== 1 || !['financials', 'transcripts', 'filings'].includes(doc.category)) continue;
      const company = ds.companies.find((c) => c.symbol === doc.symbol)!;
      const [fy, q] = doc.metadatas.period.split('Q').map(Number);
      const day = reportDate(company, fiscalQuarter(company, fy!, q!));
      const published = marketLocalDate(company.market, doc.publishedAtMs);
      if (published < day) early.push(`${doc.id} ${doc.title}: ${published}, reported ${day}`);
    }
    expect(early).toEqual([]);
  });
});
