/** Command timing on its own registry and clock: ack and first answer per command, from the command's async context. */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createCommandTiming } from '../../../src/observability/metrics/command-timing.js';

function setUp() {
  const registry = new Registry();
  let nowMs = 1_000;
  const timing = createCommandTiming(registry, () => nowMs);
  const histogram = async (name: string) =>
    ((await registry.getSingleMetric(name)?.get())?.values ?? []) as Array<{
      metricName?: string;
      labels: Record<string, unknown>;
      value: number;
    }>;
  const countOf = async (name: string, command: string) =>
    (await histogram(name)).find((v) => v.metricName === `${name}_count` && v.labels.command === command)?.value;
  const sumOf = async (name: string, command: string) =>
    (await histogram(name)).find((v) => v.metricName === `${name}_sum` && v.labels.command === command)?.value;
  return { timing, countOf, sumOf, advance: (ms: number) => (nowMs += ms) };
}

const ACK = 'research_desk_command_ack_duration_seconds';
const FIRST = 'research_desk_command_first_response_duration_seconds';

describe('command timing', () => {
  it('times the ack and the first visible answer made while handling the command', async () => {
    const t = setUp();
    await t.timing.process({ body: { command: '/research' }, ack: async () => undefined }, async (event) => {
      t.advance(5);
      await event.ack();
      t.advance(300);
      t.timing.slackCallEnded('chat.update', 'ok'); // not an answer
      t.timing.slackCallEnded('response_url', 'rate_limited'); // not shown
      t.timing.slackCallEnded('response_url', 'ok');
      t.advance(100);
      t.timing.slackCallEnded('chat.postMessage', 'ok'); // not the first
    });
    expect(await t.countOf(ACK, '/research')).toBe(1);
    expect(await t.sumOf(ACK, '/research')).toBeCloseTo(0.005);
    expect(await t.countOf(FIRST, '/research')).toBe(1);
    expect(await t.sumOf(FIRST, '/research')).toBeCloseTo(0.305);
  });

  it('counts an ack carrying a message as the first answer', async () => {
    const t = setUp();
    const ack = async (_response?: unknown): Promise<void> => undefined;
    await t.timing.process({ body: { command: '/concepts' }, ack }, async (event) => {
      t.advance(2);
      await event.ack({ text: 'usage' });
    });
    expect(await t.sumOf(FIRST, '/concepts')).toBeCloseTo(0.002);
  });

  it('leaves other events and calls outside a command alone, and names an odd command other', async () => {
    const t = setUp();
    let acked = false;
    const ack = async (): Promise<void> => {
      acked = true;
    };
    await t.timing.process({ body: { type: 'event_callback' }, ack }, async (event) => event.ack());
    t.timing.slackCallEnded('response_url', 'ok');
    expect(acked).toBe(true);
    expect(await t.countOf(ACK, '/research')).toBeUndefined();
    await t.timing.process({ body: { command: '/Research Now' }, ack: async () => undefined }, async (event) => event.ack());
    expect(await t.countOf(ACK, 'other')).toBe(1);
  });

  it('takes no post after the response_url expired for the command’s answer', async () => {
    const t = setUp();
    await t.timing.process({ body: { command: '/research' }, ack: async () => undefined }, async (event) => {
      await event.ack();
      t.advance(31 * 60_000);
      t.timing.slackCallEnded('chat.postMessage', 'ok');
    });
    expect(await t.countOf(FIRST, '/research')).toBeUndefined();
  });
});
