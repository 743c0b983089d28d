/**
 * Finds the companies a report names: by the names the caller knows, by every `MARKET:code` symbol
 * written in the report (and its code alone, "NVDA"), and by the names the report pairs with a
 * symbol ("**NVIDIA** (`US:NVDA`)", "**贵州茅台**（`SH:600519`）", "NVIDIA (US:NVDA)"). Short names are
 * derived (贵州茅台 → 茅台, "Tencent Holdings" → "Tencent") only when no other company shares them.
 */
import type { KnownCompany } from '../figure-types.js';

export interface CompanyMatch {
  symbol: string;
  index: number;
  length: number;
}

export interface CompanyMatcher {
  find(text: string): CompanyMatch[];
  readonly symbols: readonly string[];
}

const SYMBOL = /(?<![A-Za-z0-9])(US|SH|SZ|HK|BJ)\s?[:：]\s?([A-Z0-9]{1,6}(?:\.[A-Z])?)(?![A-Za-z0-9])/gi;
/** A name, then the symbol in brackets, with optional bold and code marks. */
const PAIRED =
  /(?:\*\*|__)?([^\n*_`()（）|:：;；,，。]{1,60}?)(?:\*\*|__)?\s*[（(]\s*`?((?:US|SH|SZ|HK|BJ)\s?[:：]\s?[A-Z0-9]{1,6}(?:\.[A-Z])?)`?\s*[)）]/gi;

const ZH_SUFFIXES = ['股份有限公司', '有限责任公司', '有限公司', '股份', '集团', '控股', '公司'];
const EN_SUFFIXES =
  /[,\s]+(?:Inc\.?|Incorporated|Corp\.?|Corporation|Co\.?,?\s?Ltd\.?|Ltd\.?|Limited|Holdings?|Group|plc|N\.V\.|S\.A\.|AG|Company)$/i;
/** Place names that prefix Chinese company names: 贵州茅台 is 茅台, 中国平安 is 平安. */
const ZH_PLACES =
  /^(?:中国|贵州|上海|北京|深圳|广州|江苏|浙江|四川|安徽|山东|山西|河南|河北|湖南|湖北|广东|福建|江西|云南|陕西|天津|重庆|宜宾|泸州|香港)/;

function canonicalSymbol(market: string, code: string): string {
  return `${market.toUpperCase()}:${code.toUpperCase()}`;
}

/** The symbols a text writes (`US:NVDA`, `sh：600519`), canonical, each once, in order. */
export function symbolsWritten(text: string): string[] {
  return [...new Set([...text.matchAll(SYMBOL)].map((m) => canonicalSymbol(m[1] ?? '', m[2] ?? '')))];
}

/** The name as a reader would write it: the last words before the bracket, without list marks. */
function cleanName(raw: string): string | undefined {
  const name = raw
    .replace(/^[\s>#\-–•*\d.]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Only the trailing run of CJK, or of capitalised Latin words: "in Q1 FY2026 NVIDIA (...)" → "NVIDIA".
  const zh = /[\u4e00-\u9fff·]{2,20}$/.exec(name)?.[0];
  if (zh) return zh;
  const en = /(?:[A-Z0-9][\w&.'’-]*)(?:\s+[A-Z0-9][\w&.'’-]*){0,4}$/.exec(name)?.[0];
  return en && en.length >= 2 && !/^\d+$/.test(en) ? en : undefined;
}

function aliasesOf(name: string): string[] {
  const out = new Set<string>([name]);
  // "美团-W", "Amazon.com": listing marks and web suffixes are not part of the name people write.
  const bare = name.replace(/\s*[-－](?:S?W|B|SB)$/i, '').replace(/\.com$/i, '');
  if (bare !== name && bare.length >= 2) out.add(bare);
  let en = bare.replace(/\.com(?=,|\s|$)/i, '');
  while (EN_SUFFIXES.test(en)) en = en.replace(EN_SUFFIXES, '');
  if (en.length >= 2) out.add(en);
  let web = name;
  while (EN_SUFFIXES.test(web)) web = web.replace(EN_SUFFIXES, '');
  if (/\.com$/i.test(web)) out.add(web);
  let zh = bare;
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of ZH_SUFFIXES) {
      if (zh.endsWith(s) && zh.length - s.length >= 2) {
        zh = zh.slice(0, -s.length);
        changed = true;
      }
    }
  }
  if (/^[\u4e00-\u9fff]+$/.test(zh)) {
    out.add(zh);
    const short = zh.replace(ZH_PLACES, '');
    if (short.length >= 2 && short !== zh) out.add(short);
  }
  return [...out];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A Latin name of 4+ letters is matched in any case ("Nvidia" for NVIDIA); a ticker only as written. */
function caseFree(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9 .&'’-]{3,}$/.test(name) && !/^[A-Z]{2,5}$/.test(name);
}

function namePattern(name: string): string {
  const before = /^[A-Za-z0-9]/.test(name) ? '(?<![A-Za-z0-9])' : '';
  const after = /[A-Za-z0-9.]$/.test(name) ? '(?![A-Za-z0-9])' : '';
  let body = escapeRegExp(name);
  if (caseFree(name)) body = body.replace(/[A-Za-z]/g, (c) => `[${c.toUpperCase()}${c.toLowerCase()}]`);
  body = body.replace(/ /g, '\\s+');
  return `${before}${body}${after}`;
}

export function companyMatcher(markdown: string, known: readonly KnownCompany[]): CompanyMatcher {
  /** Written names (never derived) first: a report's own name for a company beats a derived alias. */
  const exact = new Map<string, string>();
  const derived = new Map<string, Set<string>>();
  const symbols = new Set<string>();
  const add = (symbol: string, name: string) => {
    symbols.add(symbol);
    if (!exact.has(name)) exact.set(name, symbol);
    for (const alias of aliasesOf(name)) {
      const set = derived.get(alias) ?? new Set<string>();
      set.add(symbol);
      derived.set(alias, set);
    }
  };
  for (const c of known) {
    const [market, code] = c.symbol.split(':');
    if (market && code) symbols.add(canonicalSymbol(market, code));
    for (const n of c.names) if (n.trim()) add(c.symbol, n.trim());
  }
  for (const m of markdown.matchAll(PAIRED)) {
    const [market, code] = (m[2] ?? '').replace(/\s/g, '').split(/[:：]/);
    const name = cleanName(m[1] ?? '');
    if (market && code && name) add(canonicalSymbol(market, code), name);
  }
  for (const m of markdown.matchAll(SYMBOL)) symbols.add(canonicalSymbol(m[1] ?? '', m[2] ?? ''));

  const names = new Map<string, string>(exact);
  for (const [alias, set] of derived) {
    const only = [...set][0];
    // An alias shared by two companies, or inside another company's name, names neither.
    const clash = [...names.entries()].some(([n, s]) => s !== only && n !== alias && n.includes(alias));
    if (!names.has(alias) && set.size === 1 && only && !clash) names.set(alias, only);
  }
  for (const symbol of symbols) {
    const code = symbol.split(':')[1] ?? '';
    // A code alone: a ticker of 2+ letters, or a listed number of 5-6 digits (never a year or a count).
    if ((/^[A-Z]{2,5}$/.test(code) || /^\d{5,6}$/.test(code)) && !names.has(code)) names.set(code, symbol);
  }
  const anyCase = new Map<string, string | null>();
  for (const [n, symbol] of names) {
    if (!caseFree(n)) continue;
    const key = n.toLowerCase();
    anyCase.set(key, anyCase.has(key) && anyCase.get(key) !== symbol ? null : symbol);
  }
  const ordered = [...names.keys()].sort((a, b) => b.length - a.length);
  const pattern = ordered.length ? new RegExp(ordered.map(namePattern).join('|'), 'g') : undefined;

  return {
    symbols: [...symbols],
    find(text: string): CompanyMatch[] {
      const out: CompanyMatch[] = [];
      const taken: Array<[number, number]> = [];
      for (const m of text.matchAll(SYMBOL)) {
        const index = m.index ?? 0;
        out.push({ symbol: canonicalSymbol(m[1] ?? '', m[2] ?? ''), index, length: m[0].length });
        taken.push([index, index + m[0].length]);
      }
      if (pattern) {
        for (const m of text.matchAll(pattern)) {
          const index = m.index ?? 0;
          const symbol = names.get(m[0]) ?? anyCase.get(m[0].toLowerCase().replace(/\s+/g, ' '));
          if (!symbol || taken.some(([a, b]) => index < b && index + m[0].length > a)) continue;
          out.push({ symbol, index, length: m[0].length });
        }
      }
      return out.sort((a, b) => a.index - b.index);
    },
  };
}
