import type { TaskUpdateChunk } from '@slack/types';
import { describe, expect, it } from 'vitest';
import {
  SEGMENT_MAX_BYTES,
  STOP_RESERVE_BYTES,
  STREAMED_MESSAGE_BYTES,
  planSegmentWrite,
  streamChunkBytes,
  trimChunk,
} from '../../../src/agent/sinks/stream-segment-size.js';
import { SLACK_LIMITS } from '../../../src/slack/blocks/limits.js';
import { slackLimits as emulatorLimits } from '../../../src/emulators/slack/validation/limits.js';

const buildTask = (i: number, extra: Partial<TaskUpdateChunk> = {}): TaskUpdateChunk => ({
  type: 'task_update',
  id: `call_${i}`,
  title: 'search_documents',
  status: 'complete',
  details: `query ${i}`,
  ...extra,
});
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('stream segment size', () => {
  it('uses the one stream limit the Slack limits module and the emulator state, with room for the stop', () => {
    expect(STREAMED_MESSAGE_BYTES).toBe(SLACK_LIMITS.streamedMessageBytes);
    expect(STREAMED_MESSAGE_BYTES).toBe(emulatorLimits.streamMessageBytes);
    expect(SEGMENT_MAX_BYTES + STOP_RESERVE_BYTES).toBe(STREAMED_MESSAGE_BYTES);
  });

  it('counts text in UTF-8 bytes and structured chunks as their JSON', () => {
    expect(streamChunkBytes({ type: 'markdown_text', text: '营收 up' })).toBe(9);
    expect(streamChunkBytes(buildTask(1))).toBe(bytesOf(buildTask(1)));
    expect(streamChunkBytes({ type: 'plan_update', title: 'Plan' })).toBe(bytesOf({ type: 'plan_update', title: 'Plan' }));
  });

  it('counts task updates against the room: what does not fit waits for the next segment', () => {
    const tasks = [buildTask(1), buildTask(2), buildTask(3)];
    const two = bytesOf(tasks[0]) + bytesOf(tasks[1]);
    const write = planSegmentWrite(tasks, 'some text', two + 4, false);
    expect(write.chunks).toEqual([tasks[0], tasks[1]]);
    expect(write.bytes).toBe(two);
    expect(write.complete).toBe(false);
    expect(write.piece).toBe('');

    // Tasks that fit leave the rest of the room to text, cut between code points.
    const withText = planSegmentWrite([tasks[0]!], '营收增长', bytesOf(tasks[0]) + 7, false);
    expect(withText.piece).toBe('营收');
    expect(withText.bytes).toBe(bytesOf(tasks[0]) + 6);
    expect(withText.complete).toBe(false);
    expect(planSegmentWrite(tasks, 'x', 10_000, false)).toMatchObject({ complete: true, piece: 'x', trimmed: 0 });
  });

  it('cuts a chunk too big for a whole segment, visibly, instead of dropping it', () => {
    const huge = buildTask(9, { output: 'o'.repeat(5000), details: 'd"'.repeat(3000) });
    const write = planSegmentWrite([huge], 'text', 2000, true);
    expect(write.trimmed).toBe(1);
    expect(write.dropped).toEqual([]);
    expect(write.tasks).toEqual([huge]);
    expect(write.bytes).toBeLessThanOrEqual(2000);
    const sent = write.chunks[0] as TaskUpdateChunk;
    expect(sent.id).toBe('call_9');
    expect(sent.output?.endsWith('…')).toBe(true);
    expect(streamChunkBytes(sent)).toBeLessThanOrEqual(2000);
    // In a segment already holding something, it waits for the next one instead.
    expect(planSegmentWrite([huge], 'text', 2000, false)).toMatchObject({ chunks: [], complete: false });
    expect(trimChunk(buildTask(1), 10)).toBeUndefined();
  });
});
