import { describe, expect, it } from 'vitest';
import { AgentRunStore } from '../../../src/emulators/service/agent-runs.js';
import { datasetChangesOf } from '../../../src/emulators/service/data/dataset-changes.js';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import { findResearch } from '../../../src/emulators/service/research-findings.js';
import {
  runEventsFileOf,
  runEventsFrom,
  serviceSnapshotFrom,
  serviceSnapshotOf,
  type ServiceState,
} from '../../../src/emulators/service/service-snapshot.js';

const dataset = buildDataset();
const clock = () => Date.parse('2025-07-01T00:00:00Z');

/** A store in the published framing (ids beyond 2^53) with one ended and one running run, held still. */
function buildStore(): AgentRunStore {
  const store = new AgentRunStore({ clock, agentSpeed: 1, framing: () => 'published' });
  store.pause();
  const conv = store.createConversation({ title: 'snapshot' });
  const ended = store.startRun(conv, 'NVDA vs AMD', findResearch(dataset, 'NVDA vs AMD'));
  store.cancel(ended);
  store.startRun(conv, '茅台的现金流怎么样？', findResearch(dataset, '茅台的现金流怎么样？'));
  return store;
}

const throughJson = (state: ServiceState): unknown => JSON.parse(JSON.stringify(serviceSnapshotOf(state)));

describe('the service snapshot', () => {
  it('reads back what it wrote, ids beyond 2^53 exact', () => {
    const store = buildStore();
    const state: ServiceState = { folderSeq: 3, dataset: datasetChangesOf(dataset), runs: store.toState() };
    store.close({ keepRunning: true });
    const read = serviceSnapshotFrom(throughJson(state));
    expect(read).toEqual({ ok: true, value: state });
    if (!read.ok) return;
    expect(read.value.runs.conversations[0]?.conversation.id).toBe(1197862772277383101n);
    expect(read.value.runs.runs.map((r) => [r.status, r.scriptInput !== undefined])).toEqual([
      ['cancelled', false],
      ['running', true],
    ]);
  });

  it('reads a file written before uploads existed as one without uploads', () => {
    const store = buildStore();
    const json = throughJson({ folderSeq: 1, dataset: datasetChangesOf(dataset), runs: store.toState() }) as {
      dataset: Record<string, unknown>;
    };
    store.close({ keepRunning: true });
    delete json.dataset.uploads;
    delete json.dataset.uploadSeq;
    const read = serviceSnapshotFrom(json);
    if (!read.ok) throw new Error(read.problem);
    expect(read.value.dataset).toMatchObject({ uploads: [], uploadSeq: 0 });
  });

  it('gives a store that starts where the first one was, with a new seed generation', () => {
    const store = buildStore();
    const state = store.toState();
    store.close({ keepRunning: true });
    const read = serviceSnapshotFrom(throughJson({ folderSeq: 0, dataset: datasetChangesOf(dataset), runs: state }));
    if (!read.ok) throw new Error(read.problem);
    const runs = read.value.runs.runs.map((r) => ({ ...r, events: r.events ?? [] }));
    const restored = new AgentRunStore({ clock, agentSpeed: 1, restored: { ...read.value.runs, runs } });
    restored.close({ keepRunning: true });
    expect(restored.toState()).toEqual({ ...state, seedGeneration: 1 });
  });

  it("keeps an ended run's events in a file of their own, and reads them back", () => {
    const store = buildStore();
    const ended = store.toState().runs[0];
    store.close({ keepRunning: true });
    const events = ended?.events ?? [];
    expect(events.at(-1)?.event_type).toBe('cancel');
    expect(runEventsFrom(JSON.parse(JSON.stringify(runEventsFileOf(events))))).toEqual({ ok: true, value: events });
  });

  it('names the problem in a file of another shape', () => {
    expect(serviceSnapshotFrom({ version: 2 })).toMatchObject({ ok: false, problem: expect.stringContaining('version') });
    expect(serviceSnapshotFrom([])).toMatchObject({ ok: false });
    expect(runEventsFrom({ version: 1, events: [{ event_id: 1 }] })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('events.0'),
    });
  });
});
