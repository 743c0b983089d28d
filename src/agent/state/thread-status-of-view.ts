/**
 * What the agent view's status line says while a run works: a short status and the loading
 * messages the client rotates through, both from where the run stands now (its open step and
 * its running tool calls, newest first). Empty once the run has ended (the status is cleared).
 * Pure: the relay's thread-status writer decides when to send it.
 * @see https://docs.slack.dev/reference/methods/assistant.threads.setStatus
 */
import { AGENT_VIEW_LIMITS, clampAgentViewText, clampLoadingMessages } from '../../slack-api/agent-view-limits.js';
import { isTerminal, type RunView, type ToolCall } from './run-view.js';

export interface ThreadStatus {
  /** Shown after the app's name ("Research Desk is researching…"); '' clears it. */
  status: string;
  loadingMessages: string[];
}

export const WORKING_STATUS = 'is researching…';
const STARTING_MESSAGE = 'Reading your question…';

const toolLine = (t: ToolCall): string => {
  const name = t.toolName.replace(/[_-]+/g, ' ').trim();
  return t.keyInput ? `Running ${name}: ${t.keyInput}` : `Running ${name}`;
};

export function threadStatusOf(view: RunView): ThreadStatus {
  if (isTerminal(view)) return { status: '', loadingMessages: [] };
  const running = view.tools.filter((t) => t.status === 'running').reverse();
  const lines = running.map(toolLine);
  const step = view.currentStep?.agentName ?? view.currentStep?.nodeName;
  if (step) lines.push(`Working on: ${step}`);
  // The newest finished call says what the agent just learned while the next one starts.
  const lastDone = view.tools.filter((t) => t.status === 'done').at(-1);
  if (lastDone) lines.push(`Done: ${toolLine(lastDone).replace(/^Running /, '')}`);
  if (lines.length === 0) lines.push(STARTING_MESSAGE);
  return {
    status: clampAgentViewText(WORKING_STATUS, AGENT_VIEW_LIMITS.statusChars),
    loadingMessages: clampLoadingMessages(lines),
  };
}

/** One string per distinct status (to skip sending what Slack already shows). */
export const threadStatusKey = (s: ThreadStatus): string => JSON.stringify([s.status, s.loadingMessages]);
