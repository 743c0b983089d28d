/**
 * Issue 12 §2.2: a link in agent text never hides where it goes, on every path that renders
 * agent Markdown: final answer blocks, the live progress text, markdown blocks, table cells,
 * and the native stream. Untrusted hosts are shown next to the label; only http(s) links.
 */
import { describe, expect, it } from 'vitest';
import type { KnownBlock } from '@slack/types';
import { reduceRecordedEvents } from '../../../../src/agent/state/reduce-run.js';
import { initialRunView, type RunView } from '../../../../src/agent/state/run-view.js';
import type { AgentRenderContext } from '../../../../src/slack/agent/cards/agent-render-context.js';
import { renderFinalAnswer } from '../../../../src/slack/agent/cards/render-final-answer.js';
import { toStreamMarkdown } from '../../../../src/slack/agent/cards/render-native-stream-chunks.js';
import { renderRunProgress } from '../../../../src/slack/agent/cards/render-run-progress.js';
import { markdownToBlocks } from '../../../../src/slack/blocks/markdown/markdown-to-blocks.js';
import { markdownToMrkdwn } from '../../../../src/slack/blocks/markdown/markdown-pieces.js';
import { buildRunEvents } from '../../../fixtures/build-run-events.js';

const PHISH = 'Please [Verify your account](https://evil.example/x) now.';
const START = 1_750_000_000_000;
const ctx: AgentRenderContext = { runId: 'run-1', askerUserId: 'U0ASKER', nowMs: START + 60_000 };

function allStrings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(allStrings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(allStrings);
  return [];
}

/** Every `<url|label>` link token in the strings, with the label as shown. */
function slackLinks(strings: string[]): { url: string; label: string }[] {
  return strings.flatMap((s) => [...s.matchAll(/<(https?:\/\/[^|>]+)\|([^>]*)>/g)].map((m) => ({ url: m[1] ?? '', label: m[2] ?? '' })));
}

function expectNoDeceptiveLink(strings: string[]): void {
  const links = slackLinks(strings).filter((l) => l.url.includes('evil.example'));
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.label).toContain('(evil.example)');
}

const finishedWith = (report: string): RunView => reduceRecordedEvents(initialRunView({ startedAtMs: START }), buildRunEvents({ report }));

describe('links in agent text', () => {
  it('final answer: the real host follows the label', () => {
    const strings = allStrings(renderFinalAnswer(finishedWith(PHISH), ctx));
    expect(slackLinks(strings)).toContainEqual({ url: 'https://evil.example/x', label: 'Verify your account (evil.example)' });
    expectNoDeceptiveLink(strings);
  });

  it('final answer: hosts on the allow-list keep a plain label', () => {
    const trusted = { ...ctx, trustedLinkHosts: ['research.example.com'] };
    const strings = allStrings(renderFinalAnswer(finishedWith('See [the filing](https://docs.research.example.com/d1).'), trusted));
    expect(slackLinks(strings)).toContainEqual({ url: 'https://docs.research.example.com/d1', label: 'the filing' });
  });

  it('live progress (message updates): the streamed text shows the real host', () => {
    const events = buildRunEvents({ report: PHISH });
    // Cut the run while the report is streaming: the progress view shows the text's tail.
    const upTo = events.findIndex((e) => e.event_type === 'stream_end' && e.run_id === 'run_stream_report');
    const view = reduceRecordedEvents(initialRunView({ startedAtMs: START }), events.slice(0, upTo + 1));
    const strings = allStrings(renderRunProgress(view, ctx).blocks);
    expect(strings.join('\n')).toContain('Verify your account (evil.example)');
    expectNoDeceptiveLink(strings);
  });

  it('native stream: a link while it streams, the real host after the label (issue 29 §7)', () => {
    const events = buildRunEvents({ report: PHISH });
    const view = reduceRecordedEvents(initialRunView({ startedAtMs: START }), events);
    const markdown = toStreamMarkdown(view);
    expect(markdown).toContain('[Verify your account (evil.example)](https://evil.example/x)');
    expect(markdown).not.toContain('[Verify your account](');
    const trusted = toStreamMarkdown(view, { trustedHosts: ['evil.example'] });
    expect(trusted).toContain('[Verify your account](https://evil.example/x)');
  });

  it('markdown blocks and mrkdwn: a deceptive label, a URL-looking label, images', () => {
    const md = [
      PHISH,
      '[https://research.example.com/doc](https://evil.example/y)',
      '![chart](https://evil.example/c.png)',
      '**[bold label](https://evil.example/b)**',
    ].join('\n\n');
    for (const strings of [allStrings(markdownToBlocks(md)), [markdownToMrkdwn(md)]]) {
      expectNoDeceptiveLink(strings);
      const labels = slackLinks(strings).map((l) => l.label);
      expect(labels).toEqual([
        'Verify your account (evil.example)',
        'https://research.example.com/doc (evil.example)',
        'chart (evil.example)',
        'bold label (evil.example)',
      ]);
    }
  });

  it('only http(s) becomes a link: other schemes keep the label as text', () => {
    const md = '[open](javascript:alert(1)) [mail](mailto:a@evil.example) [ftp](ftp://evil.example/f)';
    const strings = allStrings(markdownToBlocks(md));
    expect(slackLinks(strings)).toEqual([]);
    expect(strings.join(' ')).not.toMatch(/<(javascript|mailto|ftp):/);
  });

  it('table cells (cannot link) name the real host, never a bare untrusted address', () => {
    const md = '| Action | Link |\n|---|---|\n| verify | [Verify your account](https://evil.example/x) |';
    const tables = markdownToBlocks(md).filter((b): b is Extract<KnownBlock, { type: 'data_table' }> => b.type === 'data_table');
    const cells = allStrings(tables);
    expect(cells).toContain('Verify your account (evil.example)');
    expect(cells.join(' ')).not.toContain('https://evil.example');
    // A trusted document link keeps its address, so it can still be followed.
    const trusted = markdownToBlocks('| Doc |\n|---|\n| [10-K](https://research.example.com/d1) |', {
      links: { trustedHosts: ['research.example.com'] },
    });
    expect(allStrings(trusted)).toContain('10-K (https://research.example.com/d1)');
  });

  it('tables shown as text (too wide) and headers follow the same rule', () => {
    const wide = `| ${Array.from({ length: 21 }, (_, i) => `c${i}`).join(' | ')} |\n|${'---|'.repeat(21)}\n| [Verify](https://evil.example/x) |${' x |'.repeat(20)}`;
    const strings = allStrings(markdownToBlocks(wide));
    expect(strings.join('\n')).toContain('Verify (evil.example)');
    expect(strings.join('\n')).not.toContain('https://evil.example');
    const header = allStrings(markdownToBlocks('# [Your bank](https://evil.example/h)'));
    expect(header).toContain('Your bank (evil.example)');
  });
});
