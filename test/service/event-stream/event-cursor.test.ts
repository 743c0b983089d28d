import { describe, expect, it } from 'vitest';
import { createEventCursor, MAX_IDS_WITHOUT_OFFSET, MAX_OFFSETS_REMEMBERED } from '../../../src/service/event-stream/event-cursor.js';
import type { WorkflowStreamEvent } from '../../../src/service/types.js';

const ev = (id: string, offset?: number): WorkflowStreamEvent => ({
  event_id: id,
  event_type: 'tool_end',
  timestamp: 1,
  response_id: 'r',
  ...(offset !== undefined ? { offset } : {}),
});

describe('EventCursor', () => {
  it('events with an offset move the resume point; a repeat of an admitted offset is dropped', () => {
    const cursor = createEventCursor();
    expect([ev('a', 3), ev('b', 5), ev('a', 3), ev('b', 5), ev('d', 9)].map((e) => cursor.admit(e))).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
    expect(cursor.lastOffset).toBe(9);
  });

  it('admits an event below the resume point that it never had, and calls it late (out of order, not a repeat)', () => {
    const cursor = createEventCursor();
    expect(cursor.admit(ev('a', 3))).toBe(true);
    expect(cursor.admit(ev('c', 7))).toBe(true);
    expect(cursor.isLate(ev('c', 7))).toBe(false);
    const late = ev('b', 5);
    expect(cursor.isLate(late)).toBe(true);
    expect(cursor.admit(late)).toBe(true);
    expect(cursor.lastOffset).toBe(7);
    // Once admitted, it is a repeat like any other.
    expect(cursor.admit(ev('b', 5))).toBe(false);
    expect(cursor.isLate(ev('t'))).toBe(false);
  });

  it('remembers admitted offsets up to a bound; a forgotten one still counts as a repeat', () => {
    const cursor = createEventCursor();
    for (let i = 0; i <= MAX_OFFSETS_REMEMBERED; i += 1) cursor.admit(ev(`o${i}`, i * 2));
    expect(cursor.admit(ev('o0', 0))).toBe(false);
    expect(cursor.admit(ev('o1', 2))).toBe(false);
    expect(cursor.admit(ev('between', 3))).toBe(true);
  });

  it('an event without an offset passes once per event_id, on any later connection, without moving the resume point', () => {
    const cursor = createEventCursor();
    expect(cursor.admit(ev('s1', 10))).toBe(true);
    expect(cursor.admit(ev('t1'))).toBe(true);
    expect(cursor.lastOffset).toBe(10);
    // Reconnect from 11: the service sends the offset-less event after 10 again, then goes on.
    expect(cursor.admit(ev('t1'))).toBe(false);
    expect(cursor.admit(ev('s2', 12))).toBe(true);
    expect(cursor.admit(ev('t2'))).toBe(true);
    // Much later, an old one again (a server that resends every offset-less event): still dropped.
    for (let i = 13; i < 500; i += 1) cursor.admit(ev(`s${i}`, i));
    expect(cursor.admit(ev('t1'))).toBe(false);
    expect(cursor.admit(ev('t2'))).toBe(false);
  });

  it('remembers offset-less ids up to a bound far above one run', () => {
    const cursor = createEventCursor();
    for (let i = 0; i <= MAX_IDS_WITHOUT_OFFSET; i += 1) cursor.admit(ev(`u${i}`));
    expect(cursor.admit(ev(`u${MAX_IDS_WITHOUT_OFFSET}`))).toBe(false);
    expect(cursor.admit(ev('u0'))).toBe(true);
  });

  it('starts after a given offset', () => {
    const cursor = createEventCursor(41);
    expect(cursor.admit(ev('a', 41))).toBe(false);
    expect(cursor.admit(ev('b', 42))).toBe(true);
  });
  it('forgets nothing while it remembers exactly the bound: an event below every admitted offset still comes in late', () => {
    const cursor = createEventCursor();
    for (let i = 1; i <= MAX_OFFSETS_REMEMBERED; i += 1) cursor.admit(ev(`o${i}`, i));
    expect(cursor.isLate(ev('late', 0))).toBe(true);
    expect(cursor.admit(ev('late', 0))).toBe(true);
  });

  it('past the bound, the oldest admitted offset is forgotten and the starting bound rises to it', () => {
    const cursor = createEventCursor();
    // 10 arrives first, then MAX offsets from 20 on: 10 is the oldest admitted, and goes.
    cursor.admit(ev('first', 10));
    for (let i = 0; i < MAX_OFFSETS_REMEMBERED; i += 1) cursor.admit(ev(`o${i}`, 20 + i));
    expect(cursor.admit(ev('first', 10))).toBe(false);
    // At or below the risen bound, even an offset never admitted counts as a repeat…
    expect(cursor.admit(ev('below', 5))).toBe(false);
    // …while above it, one never admitted is still a late arrival, and remembered ones still repeat.
    expect(cursor.admit(ev('gap', 15))).toBe(true);
    expect(cursor.admit(ev('o0', 20))).toBe(false);
    expect(cursor.lastOffset).toBe(20 + MAX_OFFSETS_REMEMBERED - 1);
  });

  it('the oldest offset-less id is the one forgotten past the bound', () => {
    const cursor = createEventCursor();
    for (let i = 0; i <= MAX_IDS_WITHOUT_OFFSET; i += 1) cursor.admit(ev(`u${i}`));
    expect(cursor.admit(ev('u1'))).toBe(false);
    expect(cursor.admit(ev('u0'))).toBe(true);
  });

  it('remembers exactly the bound of offset-less ids without forgetting any', () => {
    const cursor = createEventCursor();
    for (let i = 0; i < MAX_IDS_WITHOUT_OFFSET; i += 1) cursor.admit(ev(`u${i}`));
    expect(cursor.admit(ev('u0'))).toBe(false);
    expect(cursor.admit(ev(`u${MAX_IDS_WITHOUT_OFFSET - 1}`))).toBe(false);
  });

  it('an event without an offset is never late and never moves the resume point', () => {
    const cursor = createEventCursor(5);
    expect(cursor.lastOffset).toBe(5);
    expect(cursor.isLate(ev('t'))).toBe(false);
    expect(cursor.admit(ev('t'))).toBe(true);
    expect(cursor.lastOffset).toBe(5);
    expect(cursor.isLate(ev('t'))).toBe(false);
  });

  it('an event at the resume point is not late; one below it is', () => {
    const cursor = createEventCursor();
    expect(cursor.lastOffset).toBe(-1);
    cursor.admit(ev('a', 4));
    expect(cursor.isLate(ev('a', 4))).toBe(false);
    expect(cursor.isLate(ev('b', 3))).toBe(true);
    expect(cursor.isLate(ev('c', 5))).toBe(false);
  });
});
