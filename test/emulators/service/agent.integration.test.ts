import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { assistantMessageIdOf, buildHttp, readSse } from './emulator-http.js';

let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ agentSpeed: 100 });
  http = buildHttp(em);
});
afterAll(async () => {
  await em.close();
});

async function newConversation(): Promise<number> {
  const res = await http.post('/v1/agent/conversations', { title: 'test', conversation_type: 'agent_chat' });
  expect(res.status).toBe(200);
  return res.body.id;
}

function messageIdOf(res: Response): string {
  const id = assistantMessageIdOf(res.headers);
  expect(id).toMatch(/^am_/);
  return id ?? '';
}

async function chatStream(conversationId: number, message: string) {
  const res = await fetch(`${em.url}/v1/agent/conversations/${conversationId}/chat`, {
    method: 'POST',
    headers: http.headers,
    body: JSON.stringify({ message, stream: true }),
  });
  return { res, messageId: messageIdOf(res) };
}

/** Starts a run and lets go of its stream at once; the run goes on server-side. */
async function startDetached(conversationId: number, message: string): Promise<string> {
  const ac = new AbortController();
  const res = await fetch(`${em.url}/v1/agent/conversations/${conversationId}/chat`, {
    method: 'POST',
    headers: http.headers,
    body: JSON.stringify({ message }),
    signal: ac.signal,
  });
  const id = messageIdOf(res);
  ac.abort();
  return id;
}

describe('chat streaming', () => {
  it('streams a realistic, well-formed run with the assistant-message-id header', async () => {
    const conv = await newConversation();
    const { res } = await chatStream(conv, '宁德时代的现金流怎么样？');
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const { events, malformed } = await readSse(res);
    expect(malformed).toEqual([]);
    expect(events[0].event_type).toBe('init');
    const last = events[events.length - 1];
    expect(last.event_type).toBe('workflow_end');
    const offsets = events.map((e) => e.offset);
    for (let i = 1; i < offsets.length; i++) expect(offsets[i]).toBeGreaterThan(offsets[i - 1]);
    expect(new Set(offsets.slice(1).map((o, i) => o - offsets[i])).size).toBeGreaterThan(1);
    for (const e of events) {
      expect(e).toMatchObject({ event_id: expect.any(String), timestamp: expect.any(Number), response_id: last.response_id });
    }
    const types = new Set(events.map((e) => e.event_type));
    for (const t of [
      'workflow_start',
      'node_start',
      'node_end',
      'agent_start',
      'agent_end',
      'tool_start',
      'tool_end',
      'stream_start',
      'streaming',
      'stream_end',
      'usage',
    ]) {
      expect(types.has(t)).toBe(true);
    }
    // Start and end events pair by run_id.
    for (const kind of ['workflow', 'node', 'agent', 'tool', 'stream']) {
      const starts = events
        .filter((e) => e.event_type === `${kind}_start`)
        .map((e) => e.run_id)
        .sort();
      const ends = events
        .filter((e) => e.event_type === `${kind}_end`)
        .map((e) => e.run_id)
        .sort();
      expect(ends).toEqual(starts);
    }
    expect(events.filter((e) => e.event_type === 'agent_start').length).toBeGreaterThanOrEqual(2);
    const toolStart = events.find((e) => e.event_type === 'tool_start');
    expect(Object.keys(toolStart.input)).toEqual(
      expect.arrayContaining(['query', 'symbols', 'start_datetime', 'end_datetime', 'num', 'filetype', 'response_mode']),
    );
    const toolEnd = events.find((e) => e.event_type === 'tool_end');
    const parsed = JSON.parse(toolEnd.output.content);
    expect(parsed.docs[0]).toMatchObject({ doc_id: expect.any(String), title: expect.any(String), url: expect.any(String) });
    expect(typeof parsed.total_count).toBe('number');
    const usage = events.find((e) => e.event_type === 'usage');
    expect(usage.usage.total_tokens).toBe(usage.usage.input_tokens + usage.usage.output_tokens);
    const agentEnd = events.filter((e) => e.event_type === 'agent_end').pop();
    for (const construct of ['# ', '- ', '**', '*', '](http', '|---', '`']) expect(agentEnd.output.content).toContain(construct);
    const lastNode = events.filter((e) => e.event_type === 'node_end').pop();
    const report = last.output[lastNode.node_id];
    expect(report).toMatchObject({ title: expect.any(String), filetype: 'md', filename: expect.any(String), filepath: expect.any(String) });
    expect(report.content).toContain('SZ:300750');
    expect(
      events
        .filter((e) => e.event_type === 'streaming')
        .map((e) => e.content)
        .join(''),
    ).toContain('宁德时代');
  });

  it('answers about what was asked', async () => {
    const conv = await newConversation();
    const res = await http.post(`/v1/agent/conversations/${conv}/chat`, { message: 'How is Tesla doing on FSD?', stream: false });
    expect(res.status).toBe(200);
    expect(assistantMessageIdOf(res.headers)).toBe(res.body.assistant_message_id);
    expect(res.body.status).toBe('completed');
    expect(res.body.content.text).toContain('US:TSLA');
    expect(res.body.content.text).toMatch(/^# Research report/);
    expect(res.body.assistant_events.pop().event_type).toBe('workflow_end');
  });

  it('answers a follow-up about the companies of the conversation’s earlier questions', async () => {
    const conv = await newConversation();
    const ask = async (message: string): Promise<string> => {
      const res = await http.post(`/v1/agent/conversations/${conv}/chat`, { message, stream: false });
      expect(res.body.status).toBe('completed');
      return res.body.content.text;
    };
    const first = await ask('NVDA vs AMD');
    expect(first).toContain('| Metric | NVIDIA (US:NVDA) | AMD (US:AMD) |');
    const followUp = await ask('what about their margins?');
    expect(followUp).toMatch(/^# Research report: NVIDIA, AMD — margins/);
    expect(followUp).toContain('| Gross margin |');
    expect(followUp).toContain('following up on NVIDIA and AMD');
  });
});

describe('endpoint 15: assistant message events', () => {
  it('replays from an offset as JSON and as a stream', async () => {
    const conv = await newConversation();
    const { res, messageId } = await chatStream(conv, '贵州茅台');
    const all = (await readSse(res)).events;
    const from = all[10].offset;
    const json = await http.get(`/v1/agent/conversations/${conv}/messages/${messageId}?stream=false&from_offset=${from}`);
    expect(json.body.assistant_events.map((e: { offset: number }) => e.offset)).toEqual(all.slice(10).map((e) => e.offset));
    const between = await http.get(`/v1/agent/conversations/${conv}/messages/${messageId}?stream=false&from_offset=${from - 1}`);
    expect(between.body.assistant_events[0].offset).toBeGreaterThanOrEqual(from - 1);
    const streamed = await fetch(`${em.url}/v1/agent/conversations/${conv}/messages/${messageId}?from_offset=${from}`, {
      headers: http.headers,
    });
    const replay = await readSse(streamed);
    expect(replay.events.map((e) => e.offset)).toEqual(all.slice(10).map((e) => e.offset));
    expect(replay.dropped).toBe(false);
  });

  it('follows a run still in progress until it ends', async () => {
    const conv = await newConversation();
    const messageId = await startDetached(conv, '[slow] 美团外卖');
    const res = await fetch(`${em.url}/v1/agent/conversations/${conv}/messages/${messageId}`, { headers: http.headers });
    const connectedAt = Date.now();
    const running = await http.get(`/v1/agent/conversations/${conv}/messages`);
    expect(running.body.messages[0].status).toBe('running');
    const { events, comments } = await readSse(res);
    expect(events[0].event_type).toBe('init');
    expect(events[events.length - 1].event_type).toBe('workflow_end');
    expect(events.some((e) => e.timestamp > connectedAt)).toBe(true);
    expect(comments.some((c) => c.startsWith(': heartbeat'))).toBe(true);
    const done = await http.get(`/v1/agent/conversations/${conv}/messages`);
    expect(done.body.messages[0].status).toBe('completed');
  });
});

describe('cancel', () => {
  it('ends a running run with a cancel event; a finished run cannot be cancelled', async () => {
    const conv = await newConversation();
    const messageId = await startDetached(conv, '[slow] 英伟达 数据中心');
    const cancelled = await http.post(`/v1/agent/conversations/${conv}/messages/${messageId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ response_id: expect.stringMatching(/^resp_/), status: 'cancelled' });
    const events = (await http.get(`/v1/agent/conversations/${conv}/messages/${messageId}?stream=false`)).body.assistant_events;
    expect(events[events.length - 1].event_type).toBe('cancel');
    expect(events.some((e: { event_type: string }) => e.event_type === 'workflow_end')).toBe(false);
    const list = await http.get(`/v1/agent/conversations/${conv}/messages`);
    expect(list.body.messages[0]).toMatchObject({ role: 'assistant', status: 'cancelled', assistant_message_id: messageId });
    const again = await http.post(`/v1/agent/conversations/${conv}/messages/${messageId}/cancel`);
    expect(again.status).toBe(400);
    expect(typeof again.body.detail).toBe('string');
    // A stream opened on a cancelled run replays and closes.
    const replay = await readSse(await fetch(`${em.url}/v1/agent/conversations/${conv}/messages/${messageId}`, { headers: http.headers }));
    expect(replay.events.pop().event_type).toBe('cancel');
  });
});

describe('conversations', () => {
  it('continue offsets across runs and list messages newest first with paging', async () => {
    const conv = await newConversation();
    const first = await http.post(`/v1/agent/conversations/${conv}/chat`, { message: '腾讯 游戏', stream: false });
    const second = await http.post(`/v1/agent/conversations/${conv}/chat`, { message: 'Alibaba cloud', stream: false });
    const lastOfFirst = first.body.assistant_events[first.body.assistant_events.length - 1].offset;
    expect(second.body.assistant_events[0].offset).toBeGreaterThan(lastOfFirst);

    const page1 = await http.get(`/v1/agent/conversations/${conv}/messages?limit=3`);
    expect(page1.body.messages.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    const ids = page1.body.messages.map((m: { id: number }) => m.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(page1.body.messages[0]).toMatchObject({
      conversation_id: conv,
      turn_id: 2,
      status: 'completed',
      reply_to_message_id: page1.body.messages[1].id,
      assistant_message_id: second.body.assistant_message_id,
      content: { text: expect.stringContaining('#') },
    });
    expect(page1.body.messages[1]).toMatchObject({
      role: 'user',
      reply_to_message_id: null,
      assistant_message_id: null,
      content: { text: 'Alibaba cloud' },
    });
    const page2 = await http.get(`/v1/agent/conversations/${conv}/messages?limit=3&before_message_id=${ids[2]}`);
    expect(page2.body.messages).toHaveLength(1);
    expect(page2.body.messages[0]).toMatchObject({ role: 'user', content: { text: '腾讯 游戏' } });

    const detail = await http.get(`/v1/agent/conversations/${conv}`);
    expect(detail.body).toMatchObject({ id: conv, status: 'active', last_message: { id: ids[0] } });
  });

  it('[error] ends the run with an error event and a failed message', async () => {
    const conv = await newConversation();
    const { res } = await chatStream(conv, '[error] 五粮液');
    const { events } = await readSse(res);
    const last = events[events.length - 1];
    expect(last.event_type).toBe('error');
    expect(last.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const list = await http.get(`/v1/agent/conversations/${conv}/messages?limit=1`);
    expect(list.body.messages[0]).toMatchObject({ status: 'failed', error_info: { code: last.error.code } });
  });

  it('[long] produces a ~40,000-character report with several tables', async () => {
    const conv = await newConversation();
    const res = await http.post(`/v1/agent/conversations/${conv}/chat`, { message: '[long] 招商银行 中国平安', stream: false });
    const end = res.body.assistant_events.pop();
    const report = end.output.final_report.content as string;
    expect(report.length).toBeGreaterThanOrEqual(40_000);
    expect(report.match(/\|---/g)?.length ?? 0).toBeGreaterThan(5);
  });
});
