import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateMessageContent } from '../../../../src/emulators/slack/validation/message.js';
import type { WatchAlert, WatchRecord } from '../../../../src/store/records.js';
import { renderWatchAlert } from '../../../../src/slack/watch/cards/watch-alert-card.js';
import { renderWatchAdded, renderWatchList } from '../../../../src/slack/watch/cards/watches-card.js';
import { renderAppHome } from '../../../../src/slack/home/app-home-view.js';
import { buildSubscription } from '../../blocks/fixtures.js';
import { findMessageViolations, findViewViolations } from '../../blocks/limit-violations.js';

const T = Date.parse('2025-07-01T02:00:00.000Z');

function buildWatch(overrides: Partial<WatchRecord> = {}): WatchRecord {
  return {
    teamId: 'T1',
    watchId: 'w1',
    channelId: 'C0RESEARCH',
    scope: 'channel',
    target: { kind: 'symbol', symbol: 'SH:600519' },
    categories: ['news', 'filings'],
    createdBy: 'U1',
    createdAtMs: T,
    ...overrides,
  };
}

const documents: WatchAlert = {
  kind: 'documents',
  docs: [
    {
      id: 'd1',
      title: 'Moutai <!channel> raises dividend & buyback *now*',
      url: 'https://research.example.com/docs/d1',
      category: 'news',
      publishedMs: T,
    },
    { id: 'd2', title: '贵州茅台 2025 年半年度报告', url: 'javascript:alert(1)', category: 'filings', publishedMs: T + 60_000 },
  ],
};

describe('watch cards', () => {
  it('renders a documents alert with escaped titles and safe links (snapshot)', () => {
    const card = renderWatchAlert(buildWatch(), documents);
    expect(card).toMatchSnapshot();
    const json = JSON.stringify(card);
    expect(json).not.toContain('<!channel>');
    expect(json).not.toContain('javascript:');
    expect(findMessageViolations(card)).toEqual([]);
  });

  it('renders the earnings eve and a transcript summary (snapshot)', () => {
    const eve = renderWatchAlert(buildWatch(), {
      kind: 'earnings_eve',
      date: '2025-08-12',
      fiscalYear: '2025',
      fiscalQuarter: 'Q2',
      name: '贵州茅台',
    });
    expect(eve).toMatchSnapshot();
    const withSummary = renderWatchAlert(buildWatch(), {
      kind: 'documents',
      docs: [{ id: 'd3', title: 'Q2 call', category: 'transcripts', publishedMs: T }],
      summary: { docId: 'd3', title: 'Q2 call', text: '**Q2 call**\n\n- Revenue +16% <@U123>\n- Margin 92%' },
    });
    expect(withSummary).toMatchSnapshot();
    expect(JSON.stringify(withSummary)).not.toContain('<@U123>');
  });

  it('renders the list with one Remove button per watch, and the confirmation (snapshot)', () => {
    const list = renderWatchList(
      [buildWatch(), buildWatch({ watchId: 'w2', target: { kind: 'keyword', keyword: 'solid-state <!here> battery' }, categories: [] })],
      { channelId: 'C0RESEARCH', dm: false },
    );
    expect(list).toMatchSnapshot();
    expect(JSON.stringify(list)).not.toContain('<!here>');
    expect(renderWatchList([], { channelId: 'D1', dm: true }).text).toContain('none yet');
    expect(renderWatchAdded(buildWatch()).text).toContain('the day before each earnings date');
  });

  it('shows the user’s watches on App Home with Remove buttons, inside the view limits', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      buildWatch({ watchId: `w${i}`, target: { kind: 'keyword', keyword: `topic ${i} <!here>` } }),
    );
    const home = renderAppHome({ subscriptions: [], recentRuns: [], status: { reachable: true }, watches: many });
    const json = JSON.stringify(home);
    expect(json).toContain('Your watches');
    expect(json).toContain('rd.watch.remove:19');
    expect(json).toContain('…and 10 more watches');
    expect(json).not.toContain('<!here>');
    expect(findViewViolations(home)).toEqual([]);
  });

  it('lists the watches of the user’s channels after their own, Remove only when they may, every list at its most within 100 blocks', () => {
    const many = (n: number, by: string) =>
      Array.from({ length: n }, (_, i) =>
        buildWatch({ watchId: `${by}${i}`, createdBy: by, target: { kind: 'keyword', keyword: `${by} ${i}` } }),
      );
    const input = {
      subscriptions: Array.from({ length: 30 }, (_, i) => buildSubscription({ channelId: `C0SUB${i}` })),
      recentRuns: Array.from({ length: 20 }, (_, i) => ({
        runId: `r${i}`,
        question: `q${i}`,
        status: 'completed' as const,
        startedAtMs: T,
      })),
      status: { reachable: false, lastError: 'timeout at 2025-07-01T02:00:00.000Z', checkedAtMs: T },
      feedback: { positive: 1, negative: 2 },
      watches: many(30, 'U1'),
    };
    const member = renderAppHome({ ...input, channelWatches: { watches: many(30, 'U2'), removable: false } });
    const text = JSON.stringify(member);
    expect(text).toContain('Watches in your channels');
    expect(text).toContain('Added by someone else');
    // Nothing cut: the last section (service status) is there, so the tab fits by construction.
    expect(member.blocks.length).toBeLessThanOrEqual(100);
    expect(text).toContain('Last error: timeout');
    expect(member.blocks.filter((b) => JSON.stringify(b).includes('rd.watch.remove'))).toHaveLength(20);
    const admin = renderAppHome({ ...input, channelWatches: { watches: many(30, 'U2'), removable: true } });
    const ids = JSON.stringify(admin).match(/rd\.watch\.remove:\d+/g) ?? [];
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(findViewViolations(admin)).toEqual([]);
    expect(JSON.stringify(admin)).toContain('Last error: timeout');
  });

  it('stays inside Slack’s limits for any titles, counts and summaries (property)', () => {
    const title = fc.string({ maxLength: 600 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.string({ minLength: 1, maxLength: 40 }), title, url: fc.option(fc.webUrl(), { nil: undefined }) }), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.option(fc.string({ maxLength: 8_000 }), { nil: undefined }),
        fc.string({ minLength: 1, maxLength: 100 }),
        (docs, summary, keyword) => {
          const alert: WatchAlert = {
            kind: 'documents',
            docs: docs.map((d) => ({ ...d, publishedMs: T, category: 'news' })),
            ...(summary === undefined ? {} : { summary: { docId: 'x', title: 'y', text: summary } }),
          };
          const card = renderWatchAlert(buildWatch({ target: { kind: 'keyword', keyword } }), alert);
          if (findMessageViolations(card).length > 0) return false;
          // What the Slack emulator (as Slack) checks on chat.postMessage: it throws on a refusal.
          validateMessageContent({ text: card.text, blocks: card.blocks }, 'chat.postMessage');
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});
