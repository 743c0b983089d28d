/**
 * /financials end to end over HTTP: the company snapshot (whole and partial), each statement
 * with its options, share prices, the earnings calendar, the three index cards, usage,
 * not-found, `--public`, and the modal (opened by the command and from App Home; invalid, unknown
 * and valid submissions, and an outage during the symbol check). A second app against the emulator's legacy variant shows the renamed
 * stock routes and calendar field falling back to their 2025-12 names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS, FINANCIALS_MODAL } from '../../src/slack/blocks/action-ids.js';
import { startHarness, type Harness } from './harness.js';
import { allText, command, nextChannelMessage, nextEphemeral, rejectedResponses, rejectedSlackCalls, send } from './command-helpers.js';

interface TableLike {
  type: string;
  rows?: Array<Array<{ text: string }>>;
}
const tableOf = (m: { blocks?: unknown[] }, type = 'table'): TableLike | undefined =>
  (m.blocks as TableLike[] | undefined)?.find((b) => b.type === type);
/** Statements are sortable data_tables. */
const dataTableOf = (m: { blocks?: unknown[] }): TableLike | undefined => tableOf(m, 'data_table');
const modalValues = (symbol: string, statement: string, period?: string) => ({
  [FINANCIALS_MODAL.blocks.symbol]: { [FINANCIALS_MODAL.actions.symbol]: symbol },
  [FINANCIALS_MODAL.blocks.statement]: { [FINANCIALS_MODAL.actions.statement]: statement },
  ...(period ? { [FINANCIALS_MODAL.blocks.period]: { [FINANCIALS_MODAL.actions.period]: period } } : {}),
});

describe('/financials', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http' });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  const stockCalls = (): string[] => h.service.requestLog.filter((r) => r.path.startsWith('/v1/stock/')).map((r) => r.path);

  it('shows a company snapshot from the income statement, balance sheet, cash flow and revenue mix', async () => {
    const before = stockCalls().length;
    const card = await command(h, '/financials US:NVDA');
    expect(allText(card)).toContain('NVIDIA (US:NVDA) · Snapshot');
    const rows = tableOf(card)?.rows?.map((r) => r[0]?.text) ?? [];
    expect(tableOf(card)?.rows?.[0]?.map((c) => c.text)).toEqual(['Line', 'Latest', 'Prior', 'Change']);
    expect(rows).toEqual(expect.arrayContaining(['Revenue', 'Gross profit', 'Operating profit', 'Net profit to owners', 'EPS (basic)']));
    expect(allText(card)).toContain('Revenue mix');
    expect(stockCalls().slice(before).sort()).toEqual([
      '/v1/stock/company-balance-sheet',
      '/v1/stock/company-cashflow-statement',
      '/v1/stock/company-income-statement',
      '/v1/stock/company-revenue-breakdown',
      // The company's name for the title: the statements carry none, its recent quotes do.
      '/v1/stock/stock-quote',
    ]);
  });

  it('shows what it has when one part of the snapshot fails, and says which', async () => {
    // Every third request gets a 429 with a Retry-After too long to wait: one of the three parts fails.
    h.service.setFaults({ rateLimitEvery: 3, retryAfterSeconds: 60 });
    try {
      const card = await command(h, '/financials SH:600519');
      // The English name comes from a second call, which may be the one refused: the quote's name stays then.
      expect(allText(card)).toMatch(/(Kweichow Moutai|贵州茅台) \(SH:600519\) · Snapshot/);
      const missing = /Not shown: the (income statement|balance sheet|cash flow|revenue mix) \(the service is unavailable right now\)/.exec(
        allText(card),
      );
      expect(missing).not.toBeNull();
      expect(h.logs.some((l) => l.includes('snapshot part failed') && l.includes(missing?.[1] ?? '?'))).toBe(true);
    } finally {
      h.service.setFaults({});
    }
  });

  it('shows a balance sheet with periods as columns (annual, limit:N)', async () => {
    const card = await command(h, '/financials SH:600519 balance annual limit:4');
    expect(allText(card)).toContain('Kweichow Moutai (SH:600519) · Balance sheet');
    const header = dataTableOf(card)?.rows?.[0]?.map((c) => c.text) ?? [];
    expect(header).toHaveLength(5);
    expect(header.slice(1).every((p) => /^FY\d{4}$/.test(p))).toBe(true);
    expect(allText(card)).toMatch(/Amounts in CNY/);
  });

  it('shows a quarterly cash-flow statement and a fiscal quarter', async () => {
    const cash = await command(h, '/financials hk:700 cashflow quarterly limit:3');
    expect(allText(cash)).toContain('Tencent (HK:00700) · Cash flow');
    expect(dataTableOf(cash)?.rows?.[0]).toHaveLength(4);
    const q2 = await command(h, '/financials US:AAPL balance fy:2024 q:Q2');
    expect(allText(q2)).toContain('Q2 FY2024');
  });

  it('shows the income statement with EPS and margins', async () => {
    const card = await command(h, '/financials 600519 income annual limit:3');
    expect(allText(card)).toContain('Kweichow Moutai (SH:600519) · Income statement');
    const table = dataTableOf(card);
    expect(table?.rows?.[0]?.map((c) => c.text)).toEqual(['Line', 'FY2024', 'FY2023', 'FY2022']);
    const labels = table?.rows?.map((r) => r[0]?.text);
    expect(labels).toEqual(
      expect.arrayContaining(['Revenue', 'Gross profit', 'Operating profit', 'EPS (basic)', 'Net margin (profit to owners / revenue)']),
    );
    expect(allText(card)).toContain('EPS in CNY per share');
    expect(stockCalls().at(-1)).toBe('/v1/stock/company-income-statement');
  });

  it('shows a company’s share prices over a window, from stock-quote', async () => {
    const card = await command(h, '/financials AAPL prices last:6m');
    const text = allText(card);
    expect(text).toContain('Apple (US:AAPL) · Prices');
    for (const field of ['Close (USD)', 'Change', 'Market value', 'P/E (TTM)', 'P/S (TTM)', 'P/B', 'Period high', 'Period low'])
      expect(text).toContain(`*${field}*`);
    expect(text).toMatch(/1[23]\d trading days from/);
    expect(stockCalls().at(-1)).toBe('/v1/stock/stock-quote');
  });

  it('shows the earnings calendar of a market for a week, and of all three by default', async () => {
    const card = await command(h, '/financials earnings us 2025-05-28');
    expect(allText(card)).toContain('Earnings calendar · US');
    expect(allText(card)).toContain('Week of Mon 26 May – Sun 1 Jun 2025');
    const rows = tableOf(card)?.rows ?? [];
    expect(rows[0]?.map((c) => c.text)).toEqual(['Date', 'Time', 'Company', 'Symbol', 'Period']);
    expect(rows.slice(1).map((r) => [r[1]?.text, r[3]?.text])).toEqual([['After close', 'US:AMD']]);
    const before = stockCalls().length;
    const all = await command(h, '/financials earnings');
    expect(allText(all)).toContain('Earnings calendar · China A-shares, Hong Kong, US');
    expect(stockCalls().slice(before)).toEqual(Array(3).fill('/v1/stock/earnings-calendar'));
    expect(allText(await command(h, '/financials earnings eu'))).toContain('neither a market');
  });

  it('shows the revenue breakdown by segment and region', async () => {
    const card = await command(h, '/financials $NVDA revenue fy:2024');
    expect(allText(card)).toContain('NVIDIA (US:NVDA) · Revenue breakdown');
    expect(allText(card)).toContain('By segment');
    expect(allText(card)).toContain('By region');
  });

  it.each([
    ['SPX', 'S&amp;P 500 (SPX)'],
    ['HSI', 'HSI'],
    ['000300', '000300'],
  ])('shows the index card for %s', async (symbol, title) => {
    const card = await command(h, `/financials ${symbol}`);
    const text = allText(card);
    expect(text).toContain(title);
    for (const field of ['Close', 'Change', 'Day range', 'PE (TTM)', 'PB', 'Dividend yield', 'Period high', 'Period low'])
      expect(text).toContain(`*${field}*`);
  });

  it('explains usage problems and help', async () => {
    expect(allText(await command(h, '/financials US:NVDA prices annual'))).toContain('Prices take a window of dates');
    expect(allText(await command(h, '/financials US:NVDA limit:99'))).toContain('limit is a number of periods');
    expect(allText(await command(h, '/financials US:NVDA balanse'))).toContain('did you mean `balance`');
    expect(allText(await command(h, '/financials help'))).toContain('/financials — company numbers, prices and earnings dates');
  });

  it('says plainly when the service does not know a symbol, with the closest it knows and no reference code', async () => {
    const card = await command(h, '/financials US:ZZZZ balance');
    expect(allText(card)).toContain('`US:ZZZZ` is not a symbol the research service knows');
    expect(allText(card)).toContain('Did you mean US:AMZN (Amazon)?');
    expect(allText(card)).toContain('/financials US:AMZN balance');
    expect(allText(card)).not.toContain('Reference:');
  });

  it('posts in the channel with --public', async () => {
    const card = await nextChannelMessage(h, () => send(h, '/financials SPX --public'));
    expect(allText(card)).toContain('(SPX)');
  });

  it('opens the modal without arguments; invalid input gets field errors, valid input the card', async () => {
    await send(h, '/financials');
    const modal = await h.slack.waitFor(() => h.slack.openModals().find((v) => v.view.callback_id === FINANCIALS_MODAL.callbackId));

    const badSymbol = await h.slack.submitView({ view_id: modal.id, values: modalValues('NOT A SYMBOL!', 'balance', 'annual') });
    expect(badSymbol.viewAction).toBe('errors');
    expect(Object.keys(h.slack.views.get(modal.id)?.errors ?? {})).toEqual([FINANCIALS_MODAL.blocks.symbol]);

    const unknownStatement = await h.slack.submitView({ view_id: modal.id, values: modalValues('US:NVDA', 'dividends') });
    expect(unknownStatement.viewAction).toBe('errors');
    expect(h.slack.views.get(modal.id)?.errors?.[FINANCIALS_MODAL.blocks.statement]).toBeTruthy();

    // A well-formed symbol the service does not know stays in the modal, as typed, not rewritten.
    const ephemeralsBefore = h.slack.ephemeralFor(h.slack.defaultUserId, h.slack.defaultChannelId).length;
    const unknown = await h.slack.submitView({ view_id: modal.id, values: modalValues('US:ZZZZ', 'balance', 'annual') });
    expect(unknown.viewAction).toBe('errors');
    expect(h.slack.views.get(modal.id)?.errors?.[FINANCIALS_MODAL.blocks.symbol]).toContain('no company or index US:ZZZZ');
    const name = await h.slack.submitView({ view_id: modal.id, values: modalValues('Apple', 'snapshot') });
    expect(name.viewAction).toBe('errors');
    expect(h.slack.views.get(modal.id)?.errors?.[FINANCIALS_MODAL.blocks.symbol]).toContain('US:APPLE (read from “Apple”)');

    // A service outage during the check also answers in the modal.
    h.service.setFaults({ errorRate: 1 });
    try {
      const outage = await h.slack.submitView({ view_id: modal.id, values: modalValues('US:NVDA', 'balance', 'annual') });
      expect(outage.viewAction).toBe('errors');
      expect(h.slack.views.get(modal.id)?.errors?.[FINANCIALS_MODAL.blocks.symbol]).toContain('not answering');
    } finally {
      h.service.setFaults({ errorRate: 0 });
    }
    expect(h.slack.ephemeralFor(h.slack.defaultUserId, h.slack.defaultChannelId)).toHaveLength(ephemeralsBefore);

    const card = await nextEphemeral(h, async () => {
      const ok = await h.slack.submitView({ view_id: modal.id, values: modalValues('US:NVDA', 'balance', 'quarterly') });
      expect(ok.viewAction).toBe('close');
    });
    expect(card.source).toBe('api');
    expect(allText(card)).toContain('NVIDIA (US:NVDA) · Balance sheet');
    expect(allText(card)).toContain('Quarterly');
  });

  it('opens the modal from App Home and sends the card by DM', async () => {
    await h.slack.openHome();
    const home = await h.slack.waitFor(() => h.slack.homeViews.get(h.slack.defaultUserId));
    const opened = h.slack.openModals().length;
    await h.slack.clickViewAction({ view_id: home.id, action_id: ACTION_IDS.homeOpenFinancials });
    const modal = await h.slack.waitFor(() => (h.slack.openModals().length > opened ? h.slack.openModals().at(-1) : undefined));
    const card = await nextChannelMessage(
      h,
      () => h.slack.submitView({ view_id: modal.id, values: modalValues('HSI', 'snapshot') }),
      h.slack.defaultDmId,
    );
    expect(allText(card)).toContain('HSI');
    expect(allText(card)).toContain('*Close*');
  });
});

describe('/financials against a service that speaks the 2025-12 names', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http', variant: 'legacy' });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    await h?.close();
  });

  const stockRequests = (from: number): string[] =>
    h.service.requestLog
      .slice(from)
      .filter((r) => r.path.startsWith('/v1/stock/'))
      .map((r) => `${r.status} ${r.path}`);

  it('falls back to index-prices, company-prices and `area` once, then uses them directly', async () => {
    let from = h.service.requestLog.length;
    expect(allText(await command(h, '/financials HSI'))).toContain('*Close*');
    expect(stockRequests(from)).toEqual(['404 /v1/stock/index-quote', '200 /v1/stock/index-prices']);
    from = h.service.requestLog.length;
    expect(allText(await command(h, '/financials SPX last:1y'))).toContain('(SPX)');
    expect(stockRequests(from)).toEqual(['200 /v1/stock/index-prices']);

    from = h.service.requestLog.length;
    expect(allText(await command(h, '/financials US:MSFT prices'))).toContain('Microsoft (US:MSFT) · Prices');
    expect(stockRequests(from)).toEqual(['404 /v1/stock/stock-quote', '200 /v1/stock/company-prices']);

    from = h.service.requestLog.length;
    expect(allText(await command(h, '/financials earnings hk 2025-08-06'))).toContain('腾讯控股');
    expect(stockRequests(from)).toEqual(['422 /v1/stock/earnings-calendar', '200 /v1/stock/earnings-calendar']);
    from = h.service.requestLog.length;
    expect(allText(await command(h, '/financials earnings cn next'))).toContain('Earnings calendar · China A-shares');
    // A second call looks ahead when the week is empty; neither needs the fallback again.
    expect(new Set(stockRequests(from))).toEqual(new Set(['200 /v1/stock/earnings-calendar']));
  });
});
