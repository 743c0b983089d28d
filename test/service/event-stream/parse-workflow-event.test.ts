import { describe, expect, it } from 'vitest';
import { parseWorkflowEvent } from '../../../src/service/event-stream/parse-workflow-event.js';

const base = { event_id: 'e1', event_type: 'streaming', timestamp: 1700000000000, response_id: 'r1' };
const parse = (value: unknown) => parseWorkflowEvent(JSON.stringify(value));

describe('the workflow event schema, at the service edge', () => {
  it('turns a bad payload into a failure value that says what was wrong', () => {
    expect(parseWorkflowEvent('{not json')).toEqual({ ok: false, reason: 'not JSON' });
    expect(parse([base])).toMatchObject({ ok: false });
    expect(parse({ ...base, event_id: undefined })).toMatchObject({ ok: false, reason: expect.stringMatching(/^event_id: /) });
    expect(parse({ ...base, timestamp: 'yesterday' })).toMatchObject({ ok: false, reason: expect.stringMatching(/^timestamp: /) });
    expect(parse({ ...base, offset: -1 })).toMatchObject({ ok: false, reason: expect.stringMatching(/^offset: /) });
    expect(parse({ ...base, offset: 1.5 })).toMatchObject({ ok: false, reason: expect.stringMatching(/^offset: /) });
    expect(parse({ ...base, input: 'query' })).toMatchObject({ ok: false, reason: expect.stringMatching(/^input: /) });
  });

  it('normalises what the relay reads, so nothing past the edge checks it again', () => {
    const parsed = parse({
      ...base,
      offset: null,
      output: null,
      run_id: 42,
      node_name: '   ',
      node_id: 'n1',
      tool_name: ['not', 'a', 'name'],
      content: 7,
      usage: { total_tokens: 3 },
    });
    expect(parsed).toEqual({
      ok: true,
      event: { ...base, run_id: '42', node_id: 'n1', content: '7', usage: { total_tokens: 3 } },
    });
    const usage = parse({ ...base, event_type: 'usage', content: { input_tokens: 5 } });
    expect(usage).toMatchObject({ ok: true, event: { content: { input_tokens: 5 } } });
  });
});
