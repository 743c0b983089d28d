import { describe, expect, it } from 'vitest';
import { threadStatusOf, WORKING_STATUS } from '../../../src/agent/state/thread-status-of-view.js';
import { initialRunView, type RunView, type ToolCall } from '../../../src/agent/state/run-view.js';
import { AGENT_VIEW_LIMITS, clampAgentViewText } from '../../../src/slack-api/agent-view-limits.js';

const tool = (id: string, toolName: string, keyInput: string, status: ToolCall['status']): ToolCall => ({ id, toolName, keyInput, status });
const running = (patch: Partial<RunView>): RunView => ({ ...initialRunView(), ...patch });

describe('threadStatusOf', () => {
  it('says the agent is reading the question before any step', () => {
    expect(threadStatusOf(initialRunView())).toEqual({ status: WORKING_STATUS, loadingMessages: ['Reading your question…'] });
  });

  it('rotates through the running tool calls (newest first), the open step and the last finished call', () => {
    const view = running({
      currentStep: { nodeName: 'research', agentName: 'Research agent' },
      tools: [
        tool('1', 'search_documents', 'Moutai 2024', 'done'),
        tool('2', 'get_balance_sheet', '600519', 'running'),
        tool('3', 'get_stock_price', '600519', 'running'),
      ],
    });
    expect(threadStatusOf(view).loadingMessages).toEqual([
      'Running get stock price: 600519',
      'Running get balance sheet: 600519',
      'Working on: Research agent',
      'Done: search documents: Moutai 2024',
    ]);
  });

  it('keeps at most 10 distinct loading messages, escaped so they never ping', () => {
    const tools = Array.from({ length: 14 }, (_, i) => tool(String(i), 'search', `<!here> q${i}`, 'running'));
    const { loadingMessages } = threadStatusOf(running({ tools }));
    expect(loadingMessages).toHaveLength(AGENT_VIEW_LIMITS.loadingMessages);
    expect(loadingMessages.join(' ')).not.toMatch(/[<>]/);
  });

  it('clears the status once the run has ended', () => {
    expect(threadStatusOf(running({ status: 'cancelled' }))).toEqual({ status: '', loadingMessages: [] });
  });
});

describe('clampAgentViewText', () => {
  it('makes one line, escapes Slack control characters and cuts with an ellipsis', () => {
    expect(clampAgentViewText('a\nb <@U1> & c', 100)).toBe('a b &lt;@U1&gt; &amp; c');
    const cut = clampAgentViewText('x'.repeat(300), 100);
    expect(cut).toHaveLength(100);
    expect(cut.endsWith('…')).toBe(true);
    expect(clampAgentViewText(`${'x'.repeat(97)}<yy`, 100)).toBe(`${'x'.repeat(97)}…`);
  });
});
