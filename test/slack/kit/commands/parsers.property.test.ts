import fc from 'fast-check';
import { describe, it } from 'vitest';
import { parseConceptsArgs } from '../../../../src/slack/concepts/parse-concepts-args.js';
import { parseFinancialsArgs } from '../../../../src/slack/financials/args/parse-financials-args.js';
import { parseResearchArgs } from '../../../../src/slack/research/parse-research-args.js';

const NOW = new Date('2025-06-30T08:00:00Z');
const RESEARCH_KINDS = [
  'help',
  'usage',
  'search',
  'news',
  'passages',
  'ask',
  'replay',
  'folder_create',
  'folder_delete',
  'folder_show',
  'tag',
  'watch',
  'watches',
];
const FIN_KINDS = [
  'help',
  'usage',
  'modal',
  'snapshot',
  'balance',
  'cashflow',
  'income',
  'revenue',
  'index',
  'prices',
  'earnings',
  'compare',
];
const CONCEPT_KINDS = ['help', 'usage', 'list', 'subscribe', 'unsubscribe', 'subscriptions'];

const pieces = fc.constantFrom(
  'news',
  'passages',
  'ask',
  'replay',
  'folder',
  'create',
  'delete',
  'tag',
  'help',
  'subscribe',
  'unsubscribe',
  'subscriptions',
  'watch',
  'watches',
  '$NVDA',
  'US:NVDA',
  'hk:700',
  '600519',
  '000001',
  '000300',
  'SPX',
  'T',
  'type:news,reports',
  'type:bogus',
  'market:cn',
  'since:2024-01-01',
  'until:2024-02-30',
  'last:30d',
  'last:0d',
  'mode:semantic',
  'sort:latest',
  'in:fld_1',
  'doc:abc',
  '--public',
  '—public',
  '--weird',
  '"quoted phrase"',
  '“curly',
  '「引号」',
  '<!channel>',
  '&lt;!here&gt;',
  '<@U123|bob>',
  '<#C123|general>',
  '<https://x.com|x>',
  'balance',
  'cashflow',
  'revenue',
  'prices',
  'income',
  'earnings',
  'compare',
  'vs',
  'AAPL',
  '0700.HK',
  '600519.SH',
  'us',
  'next',
  'week:2026-02-30',
  'annual',
  'quarterly',
  'cumulative',
  'limit:4',
  'limit:999',
  'fy:2024',
  'q:Q2',
  'q:H1',
  'weekly',
  'mon',
  'at:09:00',
  'at:25:00',
  'tz:Asia/Shanghai',
  'tz:Mars/Base',
  'top:10',
  'top:0',
  '新能源',
  '半导体 供应链',
  'ĉ̶͚',
  '😀',
  '\u0000',
  '\t',
  '\n',
  ':',
  'x:',
  ':y',
  '::',
  '"',
  '<',
  '>',
  '&',
  '\ud800',
);
const commandString = fc.oneof(
  { weight: 3, arbitrary: fc.array(pieces, { maxLength: 12 }).map((a) => a.join(' ')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom('中', '文', '"', ':', ' ', '$', '<', '>', '&', '#', '@', '!', 'a', '1', '-'),
      maxLength: 300,
    }),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 4000, minLength: 1000 }) },
);

describe('command parsers never throw (10,000 generated strings)', () => {
  it('always yield a request, help or usage', () => {
    fc.assert(
      fc.property(commandString, (text) => {
        // Plain boolean checks: 10,000 runs × several expect() calls would dominate the run time.
        const r = parseResearchArgs(text, NOW);
        const f = parseFinancialsArgs(text, NOW);
        const c = parseConceptsArgs(text);
        const usageOk = (x: { kind: string; problems?: Array<{ message: string }> }) =>
          x.kind !== 'usage' || ((x.problems?.length ?? 0) > 0 && x.problems!.every((p) => p.message.length > 0));
        return (
          RESEARCH_KINDS.includes(r.kind) &&
          FIN_KINDS.includes(f.kind) &&
          CONCEPT_KINDS.includes(c.kind) &&
          usageOk(r) &&
          usageOk(f) &&
          usageOk(c) &&
          (r.kind !== 'search' || (r.request.query ?? '').length > 0)
        );
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('/financials compare (generated symbol lists)', () => {
  const symbolToken = fc.constantFrom(
    '600519',
    'SH:600519',
    '600519.SH',
    'hk:700',
    '0700.HK',
    'HK:00700',
    '$NVDA',
    'US:NVDA',
    'AAPL',
    'msft',
    'SZ:300750',
    '09988.HK',
    'SPX',
    'zz:bad',
    'income',
    'prices',
    'annual',
  );
  it('gives 2 to 5 distinct companies, or a usage message naming what is wrong', () => {
    fc.assert(
      fc.property(fc.array(symbolToken, { maxLength: 9 }), (tokens) => {
        const r = parseFinancialsArgs(`compare ${tokens.join(' ')}`, NOW);
        if (r.kind === 'usage') return r.problems.length > 0 && r.problems.every((p) => p.message.length > 0 && p.example.length > 0);
        if (r.kind !== 'compare') return false;
        const canon = r.symbols.map((s) => s.canonical);
        return canon.length >= 2 && canon.length <= 5 && new Set(canon).size === canon.length && r.symbols.every((s) => !s.isIndex);
      }),
      { numRuns: 2_000 },
    );
  });
});
