import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../../src/service/parse-json-text.js';
import { conversationSchema } from '../../src/service/schemas/conversation-schema.js';
import { conversationMessageListSchema } from '../../src/service/schemas/conversation-message-schema.js';
import { parseShape } from '../../src/service/schemas/parse-shape.js';
import { parseWorkflowEvent } from '../../src/service/event-stream/parse-workflow-event.js';

describe('parseJsonText', () => {
  it('keeps integers beyond 2^53 as their exact digits; every other number stays a number', () => {
    const text =
      '{"id":1197862772300000003,"safe":9007199254740991,"two53":9007199254740992,"neg":-9007199254740993,"f":0.12345678901234567,"e":1e21,"s":"1197862772300000003"}';
    expect(parseJsonText(text)).toEqual({
      id: '1197862772300000003',
      safe: 9007199254740991,
      two53: '9007199254740992',
      neg: '-9007199254740993',
      f: Number('0.12345678901234567'),
      e: 1e21,
      s: '1197862772300000003',
    });
    // JSON.parse would have rounded it to a neighbour.
    expect(String(JSON.parse('1197862772300000003'))).not.toBe('1197862772300000003');
  });

  it('reads like JSON.parse otherwise: nesting, unicode, duplicate keys (last wins), errors', () => {
    const text = '{"a":[1,2.5,true,null,"茅台"],"a2":{"x":1,"x":2},"big":[12345678901234567890]}';
    expect(parseJsonText(text)).toEqual({ a: [1, 2.5, true, null, '茅台'], a2: { x: 2 }, big: ['12345678901234567890'] });
    expect(parseJsonText('{"x":1,"x":2}')).toEqual(JSON.parse('{"x":1,"x":2}'));
    expect(() => parseJsonText('{"id": 12345678901234567890')).toThrow(SyntaxError);
    expect(() => parseJsonText('{not json')).toThrow(SyntaxError);
  });
});

describe('ids through the response schemas', () => {
  it('a conversation and its messages keep ids beyond 2^53 exact, as text', () => {
    const conversation = parseShape(
      conversationSchema,
      parseJsonText('{"id":1197862772277383101,"user_id":987654321,"agent_id":11887655289749510,"title":"t"}'),
    );
    expect(conversation).toMatchObject({ id: '1197862772277383101', userId: '987654321', agentId: '11887655289749510' });
    const [answer] = parseShape(
      conversationMessageListSchema,
      parseJsonText(
        '{"messages":[{"id":1197862772300000004,"conversation_id":1197862772277383101,"user_id":1,"role":"assistant","reply_to_message_id":1197862772300000003,"assistant_message_id":"am_1"}]}',
      ),
    );
    expect(answer).toMatchObject({
      id: '1197862772300000004',
      conversationId: '1197862772277383101',
      replyToMessageId: '1197862772300000003',
    });
  });

  it('accepts small integer ids and numeric strings, refuses what is not an integer id', () => {
    expect(parseShape(conversationSchema, { id: 7 }).id).toBe('7');
    expect(parseShape(conversationSchema, { id: '683242877840089' }).id).toBe('683242877840089');
    for (const bad of [1.5, -3, 'abc', '', null]) expect(() => parseShape(conversationSchema, { id: bad })).toThrow();
  });

  it('an event with a big integer where a label belongs reads it exactly', () => {
    const parsed = parseWorkflowEvent(
      '{"event_id":"e1","event_type":"init","timestamp":1,"response_id":"r","workflow_id":11887655289749510,"run_id":""}',
    );
    expect(parsed).toMatchObject({ ok: true, event: { workflow_id: '11887655289749510' } });
    // The published sample's `init` has run_id "": read as absent.
    expect(parsed.ok && 'run_id' in parsed.event).toBe(false);
  });
});
