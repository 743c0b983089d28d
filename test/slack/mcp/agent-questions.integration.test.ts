/**
 * The agent behind ask_research_agent / get_agent_answer, against the service emulator: a run
 * goes on at the service after the stream is let go, and its status is read from the service
 * (completed with the report, failed, cancelled); a question is found only by the workspace that
 * asked it, and an unknown id is an input error that says what to use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createResearchClient, type ResearchClient } from '../../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../../src/service/retry-policy.js';
import { OperationInputError } from '../../../src/slack/kit/operations/operation-input-error.js';
import { answerText } from '../../../src/slack/mcp/agent-tools.js';
import { type AgentAnswer, askAgent, readAgentAnswer } from '../../../src/slack/mcp/agent-questions.js';
import { createMemoryStateStore } from '../../../src/store/memory-state-store.js';
import { McpQuestions } from '../../../src/store/mcp-questions.js';
import { eventually } from '../../e2e/features-helpers.js';

let service: ServiceEmulator;
let client: ResearchClient;
const log = createMemoryLogger(createRedactor([]));
const questions = new McpQuestions(createMemoryStateStore());

beforeAll(async () => {
  service = await startServiceEmulator({ port: 0, agentSpeed: 200 });
  client = createResearchClient({
    baseUrl: service.url,
    apiKey: service.apiKey,
    retry: fastTestRetryPolicy,
    timeoutMs: 5_000,
    logger: log,
  });
});

afterAll(async () => {
  await client?.close();
  await service?.close();
});

const ask = (question: string, teamId = 'T1') =>
  askAgent(client, questions, { teamId, question, askedBy: 'token:ab12', correlationId: 'c1' }, { clock: () => 1_000, log });
const read = (questionId: string, teamId = 'T1') => readAgentAnswer(client, questions, { teamId, questionId, correlationId: 'c2' });
const settled = (questionId: string) =>
  eventually(async () => {
    const answer = await read(questionId);
    return answer.status === 'running' ? undefined : answer;
  }, 20_000);

describe('agent questions over MCP', () => {
  it('runs to the end after the stream is let go, and gives the report once completed', async () => {
    const asked = await ask('What drove NVDA data center revenue?');
    expect(asked).toMatchObject({ status: 'running', askedAtMs: 1_000 });
    expect(asked.questionId).toMatch(/^q_[A-Za-z0-9_-]{16}$/);
    const done = await settled(asked.questionId);
    expect(done.status).toBe('completed');
    expect(done.answer?.length).toBeGreaterThan(50);
    expect(answerText(done)).toBe(done.answer);
  });

  it('says a failed run failed, and a cancelled one was cancelled', async () => {
    const failing = await ask('What drove NVDA data center revenue? [error]');
    const failed = await settled(failing.questionId);
    expect(failed.status).toBe('failed');
    expect(failed.answer).toBeUndefined();
    expect(answerText(failed)).toContain('could not answer');

    const slow = await ask('What drove NVDA data center revenue? [slow]');
    const record = await questions.get('T1', slow.questionId);
    if (!record) throw new Error('the question was not stored');
    await client.cancelRun(record.conversationId, record.assistantMessageId);
    const cancelled = await settled(slow.questionId);
    expect(cancelled.status).toBe('cancelled');
    expect(answerText(cancelled)).toContain('cancelled');
  });

  it('finds a question only in the workspace that asked it; an unknown id says what to use', async () => {
    const asked = await ask('How did Moutai guide 2025 revenue?');
    await expect(read(asked.questionId, 'T2')).rejects.toBeInstanceOf(OperationInputError);
    await expect(read('q_AAAAAAAAAAAAAAAA')).rejects.toThrow('Use the questionId that ask_research_agent returned');
  });

  it('words a running question so the caller knows to ask again later', () => {
    const running: AgentAnswer = { questionId: 'q_1', question: 'Why?', status: 'running', askedAtMs: 0 };
    expect(answerText(running)).toContain('still working');
  });
});
