import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readToolOutput } from '../../../src/agent/events/read-tool-output.js';
import { initialRunView, type ToolCall } from '../../../src/agent/state/run-view.js';
import { toolCallLines } from '../../../src/slack/agent/cards/tool-call-lines.js';
import { toTaskUpdateChunks } from '../../../src/slack/agent/cards/render-native-stream-chunks.js';

const out = (content: unknown) => ({ content: JSON.stringify(content) });
const doc = (i: number) => ({ doc_id: `d${i}`, title: `Doc ${i}`, url: `https://example.com/d${i}` });

describe('readToolOutput result count (the real service reports totals)', () => {
  it('takes total_count when the tool lists none (data tools answer docs: [] and rows in data)', () => {
    expect(readToolOutput(out({ docs: [], chunks: [], total_count: 37 })).resultCount).toBe(37);
    expect(readToolOutput(out({ docs: [], chunks: [], total_count: 3, data: [{}, {}, {}] })).resultCount).toBe(3);
  });

  it('takes total_count when the tool lists a page of it (10 of 37)', () => {
    const docs = Array.from({ length: 10 }, (_, i) => doc(i));
    const summary = readToolOutput(out({ docs, total_count: 37, chunks: docs.slice(0, 3) }));
    expect(summary.resultCount).toBe(37);
    expect(summary.sources).toHaveLength(10);
  });

  it('counts the longest list when no total is given, including data rows', () => {
    expect(readToolOutput(out({ docs: [doc(1), doc(2)] })).resultCount).toBe(2);
    expect(readToolOutput(out({ docs: [], data: [{}, {}, {}, {}] })).resultCount).toBe(4);
    expect(readToolOutput(out({ took_ms: 3 })).resultCount).toBeUndefined();
  });

  it('never reports fewer results than listed, nor a broken total', () => {
    expect(readToolOutput(out({ docs: [doc(1), doc(2)], total_count: 1 })).resultCount).toBe(2);
    expect(readToolOutput(out({ docs: [doc(1)], total_count: -4 })).resultCount).toBe(1);
    expect(readToolOutput(out({ docs: [doc(1)], total_count: '12' })).resultCount).toBe(12);
  });

  it('property: the count is max(total, listed) for any page of any total', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(20), fc.boolean(), (total, listed, asChunks) => {
        const items = Array.from({ length: listed }, (_, i) => (asChunks ? { doc: doc(i) } : doc(i)));
        const body = asChunks ? { docs: [], chunks: items, total_count: total } : { docs: items, total_count: total };
        expect(readToolOutput(out(body)).resultCount).toBe(Math.max(total, listed));
      }),
    );
  });

  it('the step list and the native task show the total', () => {
    const tool: ToolCall = {
      id: 't1',
      toolName: 'get_balance_sheet',
      keyInput: 'SH:600519',
      status: 'done',
      resultCount: readToolOutput(out({ docs: [], chunks: [], total_count: 37 })).resultCount,
    };
    expect(toolCallLines([tool], 5)).toContain('37 results');
    const [chunk] = toTaskUpdateChunks({ ...initialRunView(), tools: [tool] });
    expect(chunk?.output).toBe('37 results');
  });
});
