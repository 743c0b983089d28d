import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { SlackEmulator } from '../../../../src/emulators/slack/index.js';
import { buildRichText, eventOf, completeStep, type Receiver, startWorkflowEmulator } from './workflow-fixtures.js';

const SUNDAY_NOON = Date.parse('2026-11-29T12:00:00Z');
const MONDAY_9 = Date.parse('2026-11-30T09:00:00Z');

/** Scheduled triggers under a fake clock (no timers: the test moves the clock and calls tick()). */
describe('workflow schedules', () => {
  let emu: SlackEmulator;
  let receiver: Receiver;
  const clock = { now: SUNDAY_NOON };

  beforeAll(async () => {
    const manifest = parse(await readFile('manifest.yml', 'utf8')) as { functions: Record<string, unknown> };
    ({ emu, receiver } = await startWorkflowEmulator({
      clock: () => clock.now,
      workflowFunctions: manifest.functions as never,
      exampleWorkflows: true,
    }));
  });
  afterAll(async () => {
    await emu.close();
    await receiver.close();
  });

  it('runs the ready example every Monday at 09:00: this week’s earnings calendar posted to #markets', async () => {
    const example = emu.workflows.list().find((w) => w.id === 'monday-earnings');
    expect(example).toMatchObject({ name: 'Monday earnings', schedule: { cron: '0 9 * * 1', timezone: 'UTC' } });
    expect(emu.workflows.nextRunAt('monday-earnings')).toBe(MONDAY_9);

    clock.now = MONDAY_9 - 1;
    expect(emu.workflows.tick()).toEqual([]);
    clock.now = MONDAY_9;
    const [run, ...others] = emu.workflows.tick();
    expect(others).toEqual([]);
    expect(run).toMatchObject({ workflowId: 'monday-earnings', trigger: 'schedule', scheduledFor: MONDAY_9, status: 'running' });
    // Fired once; the next one is a week later.
    expect(emu.workflows.tick()).toEqual([]);
    expect(emu.workflows.nextRunAt('monday-earnings')).toBe(MONDAY_9 + 7 * 86_400_000);

    const step = await emu.workflows.waitForStep(run?.id ?? '', 1, 'delivered');
    const event = eventOf(receiver.received, step.functionExecutionId);
    expect(event.function.callback_id).toBe('earnings_calendar');
    expect(event.inputs).toEqual({ week: 'this' });
    const outputs = { calendar: buildRichText('NVDA Q3 call'), report_count: 1, week_start: '2026-11-30' };
    await completeStep(emu, receiver, run?.id ?? '', 1, outputs);
    expect((await emu.workflows.waitForRun(run?.id ?? '')).status).toBe('completed');
    const markets = emu.channels().find((c) => c.name === 'markets');
    expect(emu.channelMessages(markets?.id ?? '').at(-1)).toMatchObject({
      bot_id: 'B0WFBUILDER',
      text: '• <https://example.com/d/1|NVDA Q3 call>',
    });
  });

  it('reads the pattern in the schedule time zone, fires missed instants once, and ticks over HTTP', async () => {
    clock.now = SUNDAY_NOON;
    emu.workflows.define({
      id: 'shanghai-open',
      name: 'Shanghai open',
      schedule: { cron: '30 9 * * 1-5', timezone: 'Asia/Shanghai' },
      steps: [{ type: 'send_message', inputs: { channel_id: '#markets', message: 'Market open' } }],
    });
    // Monday 09:30 in Shanghai is 01:30 UTC.
    expect(emu.workflows.nextRunAt('shanghai-open')).toBe(Date.parse('2026-11-30T01:30:00Z'));
    clock.now = Date.parse('2026-12-02T12:00:00Z'); // Wednesday: three instants missed
    const ticked = (await (
      await fetch(`${emu.url}/api/workflows/tick`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
    ).json()) as { ok: boolean; started: Array<{ id: string; workflowId: string }> };
    expect(ticked.started.map((r) => r.workflowId)).toEqual(['shanghai-open']);
    expect((await emu.workflows.waitForRun(ticked.started[0]?.id ?? '')).status).toBe('completed');
    expect(emu.workflows.nextRunAt('shanghai-open')).toBe(Date.parse('2026-12-03T01:30:00Z'));
    expect(emu.workflows.tick()).toEqual([]);
  });
});
