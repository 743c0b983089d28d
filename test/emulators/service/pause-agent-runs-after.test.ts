import { describe, expect, it } from 'vitest';
import type { WorkflowEvent } from '../../../src/emulators/service/agent-events.js';
import { AgentRunStore } from '../../../src/emulators/service/agent-runs.js';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import { findResearch } from '../../../src/emulators/service/research-findings.js';

// The service emulator's test hold: runs stop right after the first event a test asks for, and
// go on to their end when resumed (a browser test uses it to look at a stream while it is live).

const dataset = buildDataset();
const question = 'What drives NVDA margins?';

/** Resolves with each event until the run ends (null). */
function eventsUntil(store: AgentRunStore, run: ReturnType<AgentRunStore['startRun']>, stop: (e: WorkflowEvent | null) => boolean) {
  return new Promise<void>((resolve) => {
    const off = store.subscribe(run, 0, (e) => {
      if (stop(e)) {
        queueMicrotask(() => off());
        resolve();
      }
    });
  });
}

describe('pauseAfter', () => {
  it('holds a run right after the first matching event, and resume() lets it finish', async () => {
    // Delays of a few ms: the run plays quickly, the hold makes where it stops certain.
    const store = new AgentRunStore({ clock: Date.now, agentSpeed: 10_000, framing: () => 'document' });
    try {
      store.pauseAfter((e) => e.event_type === 'tool_end');
      const conv = store.createConversation({ title: 'hold' });
      const run = store.startRun(conv, question, findResearch(dataset, question));
      await eventsUntil(store, run, (e) => e?.event_type === 'tool_end');

      // Held: the matching event is the last one, and nothing is scheduled after it.
      expect(run.events.at(-1)?.event_type).toBe('tool_end');
      expect(run.events.filter((e) => e.event_type === 'tool_end')).toHaveLength(1);
      expect(run.timer).toBeUndefined();
      expect(run.status).toBe('running');

      const ended = eventsUntil(store, run, (e) => e === null);
      store.resume();
      await ended;
      expect(run.status).toBe('completed');
      expect(run.events.filter((e) => e.event_type === 'tool_end').length).toBeGreaterThan(1);
    } finally {
      store.close();
    }
  });
});
