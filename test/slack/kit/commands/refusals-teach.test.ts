/**
 * Errors that teach (issue 29): every refusal of /financials, /research and /concepts names the
 * token it refuses and offers an example that is a whole command which itself parses; the same
 * complaint is said once.
 */
import { describe, expect, it } from 'vitest';
import { parseConceptsArgs } from '../../../../src/slack/concepts/parse-concepts-args.js';
import { parseFinancialsArgs } from '../../../../src/slack/financials/args/parse-financials-args.js';
import type { SymbolUsage } from '../../../../src/slack/financials/args/symbol-usage.js';
import { parseResearchArgs } from '../../../../src/slack/research/parse-research-args.js';

const NOW = new Date('2025-06-30T08:00:00Z');

const PARSERS = {
  '/financials': (t: string) => parseFinancialsArgs(t, NOW),
  '/research': (t: string) => parseResearchArgs(t, NOW),
  '/concepts': (t: string) => parseConceptsArgs(t),
} as const;
type Command = keyof typeof PARSERS;

const BAD: Record<Command, string[]> = {
  '/financials': [
    'blah blah 123',
    'NVDA AAPL',
    'NVDA balanc',
    'NVDA foo:1',
    'NVDA limit:0',
    'NVDA limit:99',
    'NVDA fy:24',
    'NVDA q:Q5',
    'NVDA balance cumulative',
    'NVDA balance q:H1',
    'NVDA income balance',
    'NVDA annual quarterly',
    'NVDA 一季报 中报',
    'NVDA earnings',
    'NVDA since:2025-13-01',
    'NVDA since:2025-01-01 last:1y',
    'NVDA since:2025-05-01 until:2025-01-01',
    'NVDA since:2025-01-01 since:2025-02-01',
    'NVDA last:forever',
    'SPX balance',
    'nvidia',
    '茅台',
    '000001',
    'SH:12',
    'HK:abc',
    'ZZZZZZZ',
    '<@U123>',
    'compare 600519',
    'compare',
    'compare 600519 NVDA incme',
    'compare 600519 NVDA prices annual',
    'compare 600519 zz:bad',
    'compare 600519 SPX',
    'compare 600519 SH:600519',
    'compare 600519 000858 300750 NVDA AAPL MSFT',
    'compare 600519 NVDA income balance',
    'compare 600519 000001',
    'earnings mars',
    'earnings market:eu',
    'earnings week:someday',
    'earnings next last',
    'earnings 2025-02-30',
  ],
  '/research': [
    'foo typ:news',
    'foo type:memes',
    'type:memes news',
    'foo market:eu',
    'foo mode:fast',
    'foo sort:oldest',
    'foo in:',
    'foo until:2024-02-30',
    'foo since:2024-05-01 until:2024-01-01',
    'foo since:2024-01-01 last:30d',
    'foo last:forever',
    'foo 000001',
    'foo $NVDA!',
    'foo symbol:zz:bad',
    'foo --private',
    'foo doc:abc',
    'foo type:',
    'type:news',
    'news tariffs type:news',
    'news tariffs in:fld_1',
    'passages x type:socials',
    'passages type:reports',
    'tag',
    'tag ev doc:d1',
    'ask',
    'replay abc',
    'replay 42 bad!id',
    'replay 42 msg_1 extra',
    'folder',
    'folders extra',
    'folder create',
    'folder delete',
    'folder delete a b',
    'watch',
    'watch NVDA filingz',
    'watches nowhere',
  ],
  '/concepts': [
    'subscribe tz:Mars/Base',
    'subscribe tz:+08:00',
    'subscribe at:25:00',
    'subscribe daily mon',
    'subscribe dayly',
    'subscribe #a #b',
    'subscribe top:99',
    'subscribe daily weekly',
    'subscribe colour:red',
    'unsubscribe foo',
    'unsubscribe #a #b',
    'subscriptions extra',
    'subscibe',
    'top:0',
    'top:99',
    'hello',
  ],
};

const usageOf = (command: Command, text: string): SymbolUsage => {
  const r = PARSERS[command](text);
  if (r.kind !== 'usage') throw new Error(`${command} ${text}: expected a usage result, got ${r.kind}`);
  return r;
};

const cases = (Object.keys(BAD) as Command[]).flatMap((command) => BAD[command].map((text) => [command, text] as const));

describe('refusals that teach', () => {
  it.each(cases)('%s %s: every example is a whole command that parses', (command, text) => {
    for (const p of usageOf(command, text).problems) {
      expect(p.example.startsWith(`${command} `) || p.example === command, `${p.example}`).toBe(true);
      const args = p.example.slice(command.length).trim();
      const again = PARSERS[command](args);
      expect(again.kind, `${p.example} → ${JSON.stringify(again)}`).not.toBe('usage');
    }
  });

  it.each(cases)('%s %s: every refusal names a token the user typed, or says what is missing', (command, text) => {
    for (const p of usageOf(command, text).problems) {
      for (const token of [p.token, ...(p.alsoTokens ?? [])].filter(Boolean)) {
        expect(text.toLowerCase(), `${p.token}: ${p.message}`).toContain(token.toLowerCase());
      }
    }
  });

  it.each(cases)('%s %s: says each complaint once', (command, text) => {
    const said = usageOf(command, text).problems.map((p) => `${p.message} ${p.example}`);
    expect(new Set(said).size).toBe(said.length);
  });

  it('/financials blah blah 123: one complaint naming both extra tokens, and every token read as a symbol kept for the service to check', () => {
    const r = usageOf('/financials', 'blah blah 123');
    expect(r.problems).toHaveLength(1);
    expect([r.problems[0]?.token, ...(r.problems[0]?.alsoTokens ?? [])]).toEqual(['blah', '123']);
    expect(r.symbols?.map((s) => [s.token, s.symbol.canonical])).toEqual([
      ['blah', 'US:BLAH'],
      ['123', 'HK:00123'],
    ]);
  });

  it('/financials nvidia and 茅台: a word that is no symbol is kept for a name search', () => {
    expect(usageOf('/financials', 'nvidia').names).toEqual(['nvidia']);
    expect(usageOf('/financials', '茅台').names).toEqual(['茅台']);
  });
});
