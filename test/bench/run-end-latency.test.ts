import { describe, expect, it } from 'vitest';
import { measureRunEnds } from '../../bench/lib/run-end-latency.js';
import type { SlackWrite } from '../../bench/lib/relay-staleness.js';

const write = (at: number, payload: Record<string, unknown>, over: Partial<SlackWrite> = {}): SlackWrite => ({
  method: 'chat.update',
  ok: true,
  at,
  args: { metadata: JSON.stringify({ event_type: 'research_desk_run', event_payload: { part: 1, ...payload } }) },
  ...over,
});

describe('measureRunEnds', () => {
  it('measures from the last event to the last finished write that covers it', () => {
    const arrivals = [
      { assistantMessageId: 'a', offset: 1, atMs: 100 },
      { assistantMessageId: 'a', offset: 9, atMs: 500 },
      { assistantMessageId: 'b', offset: 4, atMs: 300 },
    ];
    const writes = [
      write(450, { assistant_message_id: 'a', offset: 1, status: 'running' }),
      write(700, { assistant_message_id: 'a', offset: 9, status: 'running' }),
      write(900, { assistant_message_id: 'a', offset: 9, status: 'completed' }),
      // A long answer's second part lands later: the answer is complete only then.
      write(1_200, { assistant_message_id: 'a', offset: 9, status: 'completed', part: 2 }, { method: 'chat.postMessage' }),
      write(350, { assistant_message_id: 'b', offset: 4, status: 'failed' }),
    ];
    expect(measureRunEnds(arrivals, writes)).toEqual({ samplesMs: [700, 50], unanswered: 0 });
  });

  it('counts a run whose final answer never covered its last event as unanswered, not as a sample', () => {
    const arrivals = [
      { assistantMessageId: 'a', offset: 3, atMs: 100 },
      { assistantMessageId: 'b', offset: 5, atMs: 100 },
    ];
    const writes = [
      write(200, { assistant_message_id: 'a', offset: 2, status: 'completed' }),
      write(300, { assistant_message_id: 'b', offset: 5, status: 'completed' }, { ok: false }),
      write(400, { assistant_message_id: 'b', offset: 5, status: 'running' }),
    ];
    expect(measureRunEnds(arrivals, writes)).toEqual({ samplesMs: [], unanswered: 2 });
  });

  it('ignores writes that carry no run metadata', () => {
    const arrivals = [{ assistantMessageId: 'a', offset: 0, atMs: 0 }];
    const writes: SlackWrite[] = [
      { method: 'chat.postMessage', ok: true, at: 10, args: { text: 'hello' } },
      { method: 'chat.update', ok: true, at: 20, args: { metadata: '{not json' } },
      write(30, { assistant_message_id: 'a', offset: 0, status: 'completed' }),
    ];
    expect(measureRunEnds(arrivals, writes).samplesMs).toEqual([30]);
  });
});
