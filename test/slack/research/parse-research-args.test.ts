import { describe, expect, it } from 'vitest';
import { parseResearchArgs, v2NumForPage } from '../../../src/slack/research/parse-research-args.js';
import { tokenize } from '../../../src/slack/kit/commands/tokenize.js';

const NOW = new Date('2025-06-30T08:00:00Z');
const parse = (t: string) => parseResearchArgs(t, NOW);

describe('parseResearchArgs', () => {
  it('empty text and help show help', () => {
    expect(parse('')).toEqual({ kind: 'help' });
    expect(parse('  help ')).toEqual({ kind: 'help' });
  });

  it('routes plain searches to v2 with symbols and dates in any order', () => {
    expect(parse('last:30d AI chips $NVDA hk:700')).toEqual({
      kind: 'search',
      api: 'v2',
      request: { query: 'AI chips', num: 5, symbols: ['US:NVDA', 'HK:00700'], startDatetime: '2025-05-31' },
      public: false,
      routeReason: 'default relevance search',
    });
  });

  it('routes v1-only filters to v1 and says why', () => {
    const r = parse(
      '"solid state" battery type:reports,filings market:cn mode:semantic sort:latest in:fld_9 since:2024-01-01 until:2024-06-30 --public',
    );
    expect(r).toMatchObject({
      kind: 'search',
      api: 'v1',
      public: true,
      folders: ['fld_9'],
      request: {
        query: '"solid state" battery',
        mode: 'semantic',
        sort: 'latest',
        categories: ['reports', 'filings'],
        markets: ['cn'],
        startDate: '2024-01-01',
        endDate: '2024-06-30',
        pageNum: 1,
        pageSize: 5,
      },
    });
    expect(r.kind === 'search' && r.routeReason).toContain('type:reports,filings');
  });

  it('keeps bare category words and tickers as query words', () => {
    expect(parse('news about NVDA earnings')).toMatchObject({ kind: 'news', request: { query: 'about NVDA earnings' } });
    expect(parse('latest reports NVDA')).toMatchObject({ kind: 'search', api: 'v2', request: { query: 'latest reports NVDA' } });
  });

  it.each([
    ['foo typ:news', 'typ:news', 'type:'],
    ['foo type:memes', 'type:memes', 'not a document type'],
    ['foo until:2024-02-30', 'until:2024-02-30', 'real calendar date'],
    ['foo since:2024-05-01 until:2024-01-01', 'until:2024-01-01', 'before the start date'],
    ['foo since:2024-01-01 last:30d', 'since:2024-01-01 last:30d', 'keep one'],
    ['foo 000001', '000001', 'ambiguous'],
    ['foo $NVDA!', '$NVDA!', 'not a symbol'],
    ['foo --private', '--private', 'Unknown option'],
    ['foo doc:abc', 'doc:abc', 'not available for document search'],
    ['type:news', '', 'Add words'],
  ])('%s → usage naming %s', (text, token, fragment) => {
    const r = parse(text);
    expect(r.kind).toBe('usage');
    if (r.kind !== 'usage') return;
    const p = r.problems.find((x) => x.token === token);
    expect(p?.message).toContain(fragment);
    expect(p?.example.length).toBeGreaterThan(0);
  });

  it('uses symbols as the query when only filters are given', () => {
    expect(parse('$NVDA last:7d')).toMatchObject({ kind: 'search', request: { query: 'NVDA', symbols: ['US:NVDA'] } });
  });

  it('parses subcommands', () => {
    expect(parse('news tariffs US:AAPL until:2025-01-31')).toEqual({
      kind: 'news',
      request: { query: 'tariffs', num: 5, symbols: ['US:AAPL'], endDatetime: '2025-01-31' },
      public: false,
    });
    expect(parse('news tariffs type:news').kind).toBe('usage');
    expect(parse('passages gross margin doc:d1,d2 type:transcripts')).toEqual({
      kind: 'passages',
      request: { query: 'gross margin', num: 8, docIds: ['d1', 'd2'], categories: ['transcripts'] },
      public: false,
    });
    expect(parse('passages x type:socials').kind).toBe('usage');
    expect(parse('ask  What did <@U1|ann> say about &lt;margins&gt;?')).toEqual({
      kind: 'ask',
      question: 'What did @ann say about <margins>?',
    });
    expect(parse('ask').kind).toBe('usage');
    expect(parse('replay 42 msg_1')).toEqual({ kind: 'replay', conversationId: '42', assistantMessageId: 'msg_1' });
    expect(parse('replay abc').kind).toBe('usage');
    expect(parse('folder create “Q3 semis”')).toEqual({ kind: 'folder_create', name: 'Q3 semis' });
    expect(parse('folder delete fld_1')).toEqual({ kind: 'folder_delete', folderId: 'fld_1' });
    expect(parse('folder delete').kind).toBe('usage');
    expect(parse('folder rename x')).toEqual({ kind: 'folder_show', folder: 'rename x' });
    expect(parse('tag EV "electric vehicles" market:cn')).toEqual({
      kind: 'tag',
      request: { tags: ['EV', 'electric vehicles'], pageNum: 1, pageSize: 5, markets: ['cn'] },
      public: false,
    });
  });

  it('a quoted subcommand word is a search word', () => {
    expect(parse('"news" flow')).toMatchObject({ kind: 'search', request: { query: '"news" flow' } });
  });

  it('pages v2 by asking for more documents, capped at 100', () => {
    expect(v2NumForPage(1)).toBe(5);
    expect(v2NumForPage(3)).toBe(15);
    expect(v2NumForPage(50)).toBe(100);
  });
});

describe('tokenize', () => {
  it('handles quotes, curly quotes, Slack refs and entities', () => {
    const t = tokenize('a "b c" “d e” <#C1|gen> in:"My folder" R&amp;D');
    expect(t.map((x) => x.text)).toEqual(['a', 'b c', 'd e', '#C1|gen', 'in:My folder', 'R&D']);
    expect(t[1]?.literal).toBe(true);
    expect(t[3]?.ref).toEqual({ kind: 'channel', id: 'C1', name: 'gen' });
    expect(t[4]?.literal).toBe(false);
  });
});
