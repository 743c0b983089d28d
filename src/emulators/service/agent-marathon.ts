/**
 * "[marathon]": a long agent turn for tests of native streaming within Slack's stream size — the
 * planner makes 300 tool calls and streams a 100-character note after each, 30,000 characters of
 * text in all, before the run goes on as usual.
 */
import type { EventScope, RunScriptWriter } from './run-script-writer.js';

export const MARATHON_TOOL_CALLS = 300;
export const MARATHON_NOTE_CHARS = 100;

/** The note after call `i`: exactly MARATHON_NOTE_CHARS characters, some of them multi-byte. */
export function marathonNote(i: number): string {
  const note = `Angle ${i + 1}: revenue, margins and guidance checked against filings; 营收 consistent. `;
  return note.repeat(3).slice(0, MARATHON_NOTE_CHARS);
}

export function writeMarathon(w: RunScriptWriter, scope: EventScope, subject: string): void {
  for (let i = 0; i < MARATHON_TOOL_CALLS; i += 1) {
    const name = i % 2 === 0 ? 'search_documents' : 'search_news';
    w.tool(scope, name, { query: `${subject} — angle ${i + 1}`, num: 5, filetype: 'all' }, { docs: [], chunks: [], total_count: 5 }, 400);
    w.stream(scope, marathonNote(i), MARATHON_NOTE_CHARS, 50);
  }
}
