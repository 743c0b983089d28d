/**
 * Issue 29 §7: live streams showed raw Markdown links until the end. The native stream renders
 * links by the rule of every surface (present-link.ts) and stays append-only: the sink sends
 * what is past the length it sent, so a link still being written is held back, never rewritten.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reduceRecordedEvents } from '../../../../src/agent/state/reduce-run.js';
import { initialRunView } from '../../../../src/agent/state/run-view.js';
import type { WorkflowStreamEvent } from '../../../../src/service/types.js';
import type { ToolCall } from '../../../../src/agent/state/run-view.js';
import { toStreamMarkdown, toTaskUpdateChunks } from '../../../../src/slack/agent/cards/render-native-stream-chunks.js';

const START = 1_750_000_000_000;

/** The view after the agent streamed these pieces of text, in order. */
function streamed(pieces: readonly string[]) {
  const events: WorkflowStreamEvent[] = pieces.map((content, i) => ({
    event_id: `e${i}`,
    event_type: 'streaming',
    timestamp: START + i,
    response_id: 'r',
    content,
    offset: i + 1,
  }));
  return reduceRecordedEvents(initialRunView({ startedAtMs: START }), events);
}

describe('native stream markdown: links', () => {
  it('renders a complete link as a link, the untrusted host after its label', () => {
    const md = toStreamMarkdown(
      streamed(['See [NVIDIA Q1 transcript](https://docs.example.org/d/1) and ', '[Verify](https://evil.example/x).']),
    );
    expect(md).toBe(
      'See [NVIDIA Q1 transcript (docs.example.org)](https://docs.example.org/d/1) and [Verify (evil.example)](https://evil.example/x).',
    );
    expect(md).not.toContain('\u200B');
  });

  it('keeps a trusted host’s label plain, and shows only the label of anything but http(s)', () => {
    const links = { trustedHosts: ['research.example.com'] };
    expect(toStreamMarkdown(streamed(['[the filing](https://docs.research.example.com/d1)']), links)).toBe(
      '[the filing](https://docs.research.example.com/d1)',
    );
    const md = toStreamMarkdown(streamed(['[open](javascript:alert(1)) [mail](mailto:a@evil.example)']), links);
    expect(md).toBe('open mail');
  });

  it('escapes labels and the text around links: no Slack token or nested link can form', () => {
    const md = toStreamMarkdown(streamed(['<!here> [<@U1> **x**](https://e.com/a) [a](b c) &lt;!channel&gt;']));
    expect(md).not.toMatch(/<[!@]/);
    expect(md).toContain('[&lt;@U1&gt; **x** (e.com)](https://e.com/a)');
    // Not a link (a space in the address): its syntax stays broken, as before.
    expect(md).toContain('[a]\u200B(b c)');
  });

  it('holds back a link still being written, then sends it whole', () => {
    expect(toStreamMarkdown(streamed(['Read [the rep']))).toBe('Read ');
    expect(toStreamMarkdown(streamed(['Read [the report](https://e.com/r']))).toBe('Read ');
    expect(toStreamMarkdown(streamed(['Read [the report](https://e.com/r)']))).toBe('Read [the report (e.com)](https://e.com/r)');
    expect(toStreamMarkdown(streamed(['Read [the report] again']))).toBe('Read [the report] again');
  });

  it('keeps one pair of parentheses in an address', () => {
    const md = toStreamMarkdown(streamed(['[Moutai](https://en.wikipedia.org/wiki/Moutai_(company)) ok']));
    expect(md).toBe('[Moutai (en.wikipedia.org)](https://en.wikipedia.org/wiki/Moutai_(company)) ok');
  });

  it('property: however the text is cut into events, what was sent is never rewritten', () => {
    const piece = fc.constantFrom(
      '[',
      ']',
      '(',
      ')',
      ' ',
      '\n',
      'a',
      '](',
      'x)',
      '((',
      '\u200B',
      'https://e.com/x',
      'javascript:x',
      '<!here>',
      '&lt;',
      '**',
      '中',
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(piece, { maxLength: 6 }).map((p) => p.join('')),
          { maxLength: 12 },
        ),
        (pieces) => {
          let before = '';
          for (let n = 1; n <= pieces.length; n++) {
            const now = toStreamMarkdown(streamed(pieces.slice(0, n)));
            expect(now.startsWith(before)).toBe(true);
            before = now;
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('task_update chunks: in the answer’s language (issue 29 §3)', () => {
  const tools: ToolCall[] = [
    { id: 't1', toolName: 'search_documents', keyInput: '茅台', status: 'done', resultCount: 3 },
    { id: 't2', toolName: 'get_balance_sheet', keyInput: 'SH:600519', status: 'error', errorMessage: 'timeout' },
  ];

  it('says results and failures in the language the agent writes in, or the asker’s when known', () => {
    const zh = { ...streamed(['贵州茅台的毛利率保持稳定。']), tools };
    expect(toTaskUpdateChunks(zh).map((c) => c.output)).toEqual(['3条结果', '失败：timeout']);
    expect(toTaskUpdateChunks(zh, 'en').map((c) => c.output)).toEqual(['3 results', 'failed: timeout']);
    const en = { ...streamed(['Gross margin held steady.']), tools };
    expect(toTaskUpdateChunks(en).map((c) => c.output)).toEqual(['3 results', 'failed: timeout']);
  });
});
