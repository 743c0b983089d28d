/**
 * Stock and index symbols in the service's `<MARKET>:<code>` shape (markets SH, SZ, HK, US).
 *
 * Accepted inputs: `US:NVDA`, `us:nvda`, `$NVDA`, `hk:700` (→ HK:00700), `CN:300750` (→ SZ:300750),
 * `600519.SH`, `0700.HK`,
 * `BRK.B`, and bare codes where the exchange is clear: 6 digits by leading digit (6/9/5 → SH,
 * 0/3/2/1 → SZ; 4 and 8 are Beijing, not served), 1–5 digits → HK zero-padded, 1–5 letters with
 * an optional class suffix → US. Index names (SPX, HSI, 000300 / CSI300, …) map to index symbols.
 *
 * Ambiguity is reported, never guessed: SSE index codes 000xxx collide with Shenzhen stocks
 * (000001 is both Ping An Bank and the SSE Composite), and in free text a lone capital letter
 * (`T`, `F`) or a 4–5 digit number (`2024`) may not be a ticker at all.
 */
import type { SymbolMarket } from './symbol-market.js';

export interface StockSymbol {
  market: SymbolMarket;
  code: string;
  /** `<MARKET>:<code>` — what the service's `symbol` / `symbols` fields take. */
  canonical: string;
  /** Index symbols are queried with index-prices using `code` (SPX, HSI, 000300). */
  isIndex: boolean;
  /** Display name when we know it (indices, ambiguity candidates). */
  name?: string;
}

export type ParseSymbolResult =
  | { ok: true; symbol: StockSymbol }
  | { ok: false; reason: 'invalid' | 'ambiguous'; message: string; candidates?: StockSymbol[] };

export interface ParseSymbolOptions {
  /**
   * `standalone` (default): the input is known to be a symbol (a /financials argument, a modal
   * field). `freeText`: the token came from prose, so bare words and short numbers are not
   * taken as tickers without an explicit `$` or market prefix.
   */
  context?: 'standalone' | 'freeText';
}

interface IndexDef {
  market: SymbolMarket;
  code: string;
  name: string;
  aliases: string[];
}

const INDICES: readonly IndexDef[] = [
  { market: 'US', code: 'SPX', name: 'S&P 500', aliases: ['SPX', 'INX', 'SP500', 'GSPC'] },
  { market: 'US', code: 'NDX', name: 'Nasdaq-100', aliases: ['NDX'] },
  { market: 'US', code: 'DJI', name: 'Dow Jones Industrial Average', aliases: ['DJI', 'DJIA'] },
  { market: 'HK', code: 'HSI', name: 'Hang Seng Index', aliases: ['HSI'] },
  { market: 'HK', code: 'HSCEI', name: 'Hang Seng China Enterprises', aliases: ['HSCEI'] },
  { market: 'HK', code: 'HSTECH', name: 'Hang Seng TECH', aliases: ['HSTECH'] },
  { market: 'SH', code: '000300', name: 'CSI 300', aliases: ['000300', 'CSI300', 'HS300', '沪深300'] },
  { market: 'SH', code: '000001', name: 'SSE Composite', aliases: ['SHCOMP', '上证指数'] },
  { market: 'SH', code: '000016', name: 'SSE 50', aliases: ['SSE50', '上证50'] },
  { market: 'SH', code: '000905', name: 'CSI 500', aliases: ['CSI500', '中证500'] },
  { market: 'SH', code: '000852', name: 'CSI 1000', aliases: ['CSI1000', '中证1000'] },
  { market: 'SH', code: '000688', name: 'STAR 50', aliases: ['STAR50', '科创50'] },
  { market: 'SZ', code: '399001', name: 'SZSE Component', aliases: ['SZCOMP', '深证成指'] },
  { market: 'SZ', code: '399006', name: 'ChiNext Index', aliases: ['CHINEXT', '创业板指'] },
];

/** Shenzhen stocks whose codes equal an SSE index code, for clearer ambiguity messages. */
const SZ_NAMES: Record<string, string> = { '000001': 'Ping An Bank', '000016': 'Konka Group' };

const MARKETS: Record<string, SymbolMarket> = { SH: 'SH', SS: 'SH', SZ: 'SZ', HK: 'HK', US: 'US' };
const US_TICKER = /^[A-Z]{1,5}(?:[.-][A-Z]{1,2})?$/;

function make(market: SymbolMarket, code: string, name?: string): StockSymbol {
  const index = INDICES.find((i) => i.market === market && i.code === code);
  const isIndex = index !== undefined || (market === 'SH' && code.startsWith('000')) || (market === 'SZ' && code.startsWith('399'));
  const sym: StockSymbol = { market, code, canonical: `${market}:${code}`, isIndex };
  const label = name ?? index?.name;
  if (label !== undefined) sym.name = label;
  return sym;
}

export function formatSymbol(symbol: Pick<StockSymbol, 'market' | 'code'>): string {
  return `${symbol.market}:${symbol.code}`;
}

/** "SZ:000001 (Ping An Bank)" / "SH:000300 (CSI 300 index)". */
export function describeSymbol(symbol: StockSymbol): string {
  const what = [symbol.name, symbol.isIndex ? 'index' : undefined].filter(Boolean).join(' ');
  return what ? `${symbol.canonical} (${what})` : symbol.canonical;
}

const fail = (reason: 'invalid' | 'ambiguous', message: string, candidates?: StockSymbol[]): ParseSymbolResult =>
  candidates ? { ok: false, reason, message, candidates } : { ok: false, reason, message };

function withMarket(market: SymbolMarket, rawCode: string, input: string): ParseSymbolResult {
  const code = rawCode.toUpperCase();
  switch (market) {
    case 'SH':
    case 'SZ': {
      if (!/^\d{6}$/.test(code))
        return fail('invalid', `\`${input}\`: ${market} codes have 6 digits, e.g. ${market === 'SH' ? 'SH:600519' : 'SZ:000858'}.`);
      const ok = market === 'SH' ? /^[0569]/.test(code) : /^[0123]/.test(code);
      if (!ok) return fail('invalid', `\`${input}\` is not a ${market === 'SH' ? 'Shanghai' : 'Shenzhen'} code.`);
      return { ok: true, symbol: make(market, code) };
    }
    case 'HK': {
      const index = INDICES.find((i) => i.market === 'HK' && i.aliases.includes(code));
      if (index) return { ok: true, symbol: make('HK', index.code) };
      if (!/^\d{1,5}$/.test(code) || /^0+$/.test(code))
        return fail('invalid', `\`${input}\`: Hong Kong codes have up to 5 digits, e.g. HK:00700.`);
      return { ok: true, symbol: make('HK', code.padStart(5, '0')) };
    }
    case 'US': {
      const index = INDICES.find((i) => i.market === 'US' && i.aliases.includes(code));
      if (index) return { ok: true, symbol: make('US', index.code) };
      if (!US_TICKER.test(code))
        return fail('invalid', `\`${input}\`: US tickers are 1–5 letters with an optional class, e.g. US:NVDA or US:BRK.B.`);
      return { ok: true, symbol: make('US', code.replace('-', '.')) };
    }
  }
}

function ambiguousCnIndex(code: string, input: string): ParseSymbolResult | undefined {
  const index = INDICES.find((i) => i.market === 'SH' && i.code === code && code !== '000300');
  if (!index) return undefined;
  const stock = make('SZ', code, SZ_NAMES[code]);
  const idx = make('SH', code);
  return fail(
    'ambiguous',
    `\`${input}\` is ambiguous: ${describeSymbol(stock)} or ${describeSymbol(idx)}. Write ${stock.canonical} or ${idx.canonical}.`,
    [stock, idx],
  );
}

function bare(token: string, input: string, freeText: boolean): ParseSymbolResult {
  const upper = token.toUpperCase();
  const index = INDICES.find((i) => i.aliases.includes(upper));
  if (index) return { ok: true, symbol: make(index.market, index.code) };
  if (/^\d{6}$/.test(upper)) {
    const amb = ambiguousCnIndex(upper, input);
    if (amb) return amb;
    const lead = upper[0] ?? '';
    if (freeText && !/[036]/.test(lead)) return fail('invalid', `\`${input}\` is not an A-share code; write SH:<code> or SZ:<code>.`);
    if (/[569]/.test(lead)) return { ok: true, symbol: make('SH', upper) };
    if (/[0123]/.test(lead)) return { ok: true, symbol: make('SZ', upper) };
    return fail('invalid', `\`${input}\` looks like a Beijing exchange code, which the service does not cover (SH, SZ, HK, US only).`);
  }
  if (/^\d{1,5}$/.test(upper)) {
    if (/^0+$/.test(upper)) return fail('invalid', `\`${input}\` is not a stock code.`);
    const hk = make('HK', upper.padStart(5, '0'));
    if (!freeText) return { ok: true, symbol: hk };
    if (upper.length < 4) return fail('invalid', `\`${input}\` is a number, not a symbol; write ${hk.canonical} for the Hong Kong stock.`);
    return fail(
      'ambiguous',
      `\`${input}\` may be a number or the Hong Kong stock ${hk.canonical}; write ${hk.canonical} to mean the stock.`,
      [hk],
    );
  }
  if (US_TICKER.test(upper)) {
    const us = make('US', upper.replace('-', '.'));
    if (!freeText) return { ok: true, symbol: us };
    if (/^[A-Z]$/.test(upper)) {
      return fail(
        'ambiguous',
        `\`${input}\` may be a word or the US ticker ${us.code}; write $${us.code} or ${us.canonical} to mean the ticker.`,
        [us],
      );
    }
    return fail('invalid', `\`${input}\` is read as a word; write $${us.code} or ${us.canonical} to filter by the ticker.`);
  }
  return fail('invalid', `\`${input}\` is not a symbol. Use <MARKET>:<code>, e.g. US:NVDA, SH:600519, HK:00700.`);
}

/** Parses one symbol token. Never throws. */
export function parseSymbol(input: string, opts: ParseSymbolOptions = {}): ParseSymbolResult {
  const raw = typeof input === 'string' ? input.trim() : '';
  if (raw === '') return fail('invalid', 'No symbol given. Use <MARKET>:<code>, e.g. US:NVDA, SH:600519, HK:00700.');
  if (raw.length > 24) return fail('invalid', 'That is too long to be a symbol. Use <MARKET>:<code>, e.g. US:NVDA.');
  let token = raw;
  let freeText = opts.context === 'freeText';
  if (token.startsWith('$')) {
    token = token.slice(1);
    freeText = false; // `$` says "this is a ticker"
  }
  const prefixed = /^([A-Za-z]{2}):(.+)$/.exec(token);
  if (prefixed) {
    const cn = (prefixed[1] ?? '').toUpperCase() === 'CN' ? aShareExchange(prefixed[2] ?? '') : undefined;
    if (cn) return withMarket(cn, prefixed[2] ?? '', raw);
    const market = MARKETS[(prefixed[1] ?? '').toUpperCase()];
    if (!market) return fail('invalid', `\`${raw}\`: unknown market \`${prefixed[1]}\`; use SH, SZ, HK or US.`);
    return withMarket(market, prefixed[2] ?? '', raw);
  }
  const suffixed = /^([A-Za-z0-9]+(?:[.-][A-Za-z]{1,2})?)\.(SH|SS|SZ|HK|US)$/i.exec(token);
  if (suffixed) {
    const market = MARKETS[(suffixed[2] ?? '').toUpperCase()];
    if (market) return withMarket(market, suffixed[1] ?? '', raw);
  }
  return bare(token, raw, freeText);
}

/** The exchange of a six-digit A-share stock code: Shanghai codes lead with 6, 9 or 5, Shenzhen ones with 0–3. */
function aShareExchange(code: string): SymbolMarket | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  return /^[569]/.test(code) ? 'SH' : /^[0123]/.test(code) ? 'SZ' : undefined;
}

/**
 * The `<MARKET>:<code>` symbol of a stock listed as a market and a code (concept stocks): the
 * service's real samples name the exchange (`SH`, `SZ`), the interface's era the market (`cn`,
 * `hk`, `us`), where an A-share's exchange follows from its code. The result is what every
 * command accepts; undefined when the pair makes no symbol.
 */
export function symbolOfListing(market: string, code: string): string | undefined {
  const m = market.trim().toUpperCase();
  const c = code.trim();
  const exchange = m === 'CN' ? aShareExchange(c) : MARKETS[m];
  if (!exchange || c === '') return undefined;
  const parsed = withMarket(exchange, c, `${exchange}:${c}`);
  // A stock, not an index, even where an SSE index shares the code (000001 is Ping An Bank on SZ).
  return parsed.ok ? `${parsed.symbol.market}:${parsed.symbol.code}` : undefined;
}

/**
 * The `<MARKET>:<code>` of a stock as a service record names it (the earnings calendar gives a
 * bare `code`-like `symbol` next to its `market`): kept when it already names its market
 * (`SH:600519`, `600519.SH`), else made from the record's market and code, so a card never
 * prints a bare `000001` (Ping An Bank or the SSE Composite?) or a ticker free text reads as a
 * word. Undefined when neither gives a symbol.
 */
export function symbolOfRecord(raw: string, market?: string): string | undefined {
  const text = raw.trim();
  if (/^[A-Za-z]{2}:/.test(text) || /\.(SH|SS|SZ|HK|US)$/i.test(text)) {
    const parsed = parseSymbol(text);
    return parsed.ok ? parsed.symbol.canonical : undefined;
  }
  return market ? symbolOfListing(market, text) : undefined;
}

/** The known index definitions (for help texts and the modal). */
export function knownIndices(): StockSymbol[] {
  return INDICES.map((i) => make(i.market, i.code));
}
