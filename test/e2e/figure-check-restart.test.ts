/**
 * A resumed run checks its figures once. The relay's process (the crash test's worker, built from
 * env vars as the app builds its relay) is SIGKILLed mid-run and again once its final answer, with
 * its "Figures checked" section, has landed but before the run was marked ended; each time it is
 * restarted and resumes the run. The thread must end as an uninterrupted run of the same question
 * leaves it, with the section once and its one warning, and the service must have been asked for
 * the statements exactly as often as by the uninterrupted run: the check made before the second
 * kill is read back from the run record, not made again. In both delivery paths.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../src/emulators/slack/index.js';
import {
  closeCrashSetups,
  openCrashSetup,
  payloadOf,
  runUninterrupted,
  runWithCrashes,
  type CrashSetup,
  type KillPoint,
} from '../agent/support/crash-rig.js';
import { finalThread } from '../agent/support/relay-harness.js';

const STATEMENT_PATHS = /income-statement|balance-sheet|cash-flow/;
const statementReads = (s: CrashSetup): number => s.service.requestLog.filter((r) => STATEMENT_PATHS.test(r.path)).length;

const finalPart1 = (c: ApiCall): boolean =>
  c.method === 'chat.update' && c.ok && payloadOf(c).status !== 'running' && payloadOf(c).part === 1;

const texts = (s: CrashSetup): string =>
  finalThread(s.slack, s.channelId, s.threadTs)
    .flatMap((m) => m.blocks)
    .map((b) => JSON.stringify(b))
    .join('\n');

describe.each([
  {
    name: 'message updates',
    streaming: 'update' as const,
    inDm: false,
    midRun: (c: ApiCall) => c.method === 'chat.update' && c.ok && payloadOf(c).status === 'running',
  },
  { name: 'native streaming', streaming: 'auto' as const, inDm: true, midRun: (c: ApiCall) => c.method === 'chat.appendStream' && c.ok },
])('figure check across restarts ($name)', ({ streaming, inDm, midRun }) => {
  const opened: CrashSetup[] = [];
  afterAll(() => closeCrashSetups(opened));

  it('shows the section once and reads the statements once per company, statement and period', async () => {
    const options = { question: "[mistake] What was NVIDIA's revenue last quarter?", streaming, agentSpeed: 4, inDm };
    const points: KillPoint[] = [
      { name: 'mid-run', slack: midRun },
      { name: 'after the final answer with its check landed', slack: finalPart1 },
    ];
    const [reference, crashed] = await Promise.all([openCrashSetup(options, opened), openCrashSetup(options, opened)]);
    const [, kills] = await Promise.all([runUninterrupted(reference), runWithCrashes(crashed, points)]);
    expect(kills).toEqual(points.map((p) => p.name));

    const thread = texts(crashed);
    expect(thread.split('Figures checked').length - 1).toBe(1);
    expect(thread.split(':warning:').length - 1).toBe(1);
    expect(finalThread(crashed.slack, crashed.channelId, crashed.threadTs)).toEqual(
      finalThread(reference.slack, reference.channelId, reference.threadTs),
    );
    expect(statementReads(reference)).toBeGreaterThan(0);
    expect(statementReads(crashed)).toBe(statementReads(reference));
  }, 120_000);
});
