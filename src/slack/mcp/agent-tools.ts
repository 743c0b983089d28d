/**
 * The research agent as two tools, since a run takes minutes and a tool call should not:
 * `ask_research_agent` starts a run and answers at once with a question id, `get_agent_answer`
 * reads its status and, once it completed, the report (agent-questions.ts). The question and the
 * answer are the same the agent gives `/research ask`, from the same workspace's service account.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { type AgentAnswer, askAgent, readAgentAnswer } from './agent-questions.js';
import { toolSuccess } from './mcp-tool-result.js';
import { type McpToolContext, runMcpTool } from './run-mcp-tool.js';

const QUESTION_ID = /^q_[A-Za-z0-9_-]{16}$/;

const answerSchema = {
  questionId: z.string(),
  question: z.string(),
  status: z.enum(['running', 'completed', 'failed', 'cancelled']),
  answer: z.string().optional(),
  conversationUrl: z.string().optional(),
  askedAtMs: z.number(),
};

export function registerAgentTools(server: McpServer, ctx: McpToolContext): void {
  server.registerTool(
    'ask_research_agent',
    {
      title: 'Ask the research agent',
      description:
        'Asks Research Desk’s research agent a question about companies, markets or documents. Answers at once with a questionId; the agent works for a minute or more, then get_agent_answer with that id gives its report.',
      inputSchema: {
        question: z
          .string()
          .trim()
          .min(3, 'Ask a question of a few words, e.g. “How did Moutai guide 2025 revenue?”')
          .max(4000, 'Keep the question under 4,000 characters')
          .describe('The question, as you would ask an analyst'),
      },
      outputSchema: answerSchema,
      annotations: { readOnlyHint: false, openWorldHint: false },
    },
    (input, extra) =>
      runMcpTool(ctx, extra, 'ask_research_agent', 'the question to the research agent', async ({ identity, call, log }) => {
        const service = await ctx.deps.workspaces.service(identity.workspace);
        const asked = await askAgent(
          service,
          ctx.deps.stores.mcpQuestions,
          { teamId: identity.workspace.teamId, question: input.question, askedBy: identity.askedBy, ...call },
          { clock: ctx.deps.clock, log },
        );
        log.info('agent question started', { questionId: asked.questionId });
        return toolSuccess(
          `The research agent is working on it. Call get_agent_answer with questionId ${asked.questionId} in a minute or two to read the answer.`,
          { ...asked },
        );
      }),
  );

  server.registerTool(
    'get_agent_answer',
    {
      title: 'Read the research agent’s answer',
      description:
        'The status of a question asked with ask_research_agent (running, completed, failed or cancelled) and, once completed, the agent’s report in Markdown. Call again later while it is running.',
      inputSchema: {
        questionId: z
          .string()
          .trim()
          .regex(QUESTION_ID, 'Use the questionId that ask_research_agent returned, e.g. q_Ab3dEf6hIj9kLm2n')
          .describe('The id ask_research_agent returned'),
      },
      outputSchema: answerSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input, extra) =>
      runMcpTool(ctx, extra, 'get_agent_answer', 'reading the agent’s answer', async ({ identity, call }) => {
        const service = await ctx.deps.workspaces.service(identity.workspace);
        const answer = await readAgentAnswer(service, ctx.deps.stores.mcpQuestions, {
          teamId: identity.workspace.teamId,
          questionId: input.questionId,
          ...call,
        });
        return toolSuccess(answerText(answer), { ...answer });
      }),
  );
}

export function answerText(answer: AgentAnswer): string {
  switch (answer.status) {
    case 'completed':
      return answer.answer ?? 'The agent finished without an answer. Ask again, perhaps in other words.';
    case 'running':
      return `The research agent is still working on “${answer.question}”. Call get_agent_answer again in a minute.`;
    case 'cancelled':
      return `The run for “${answer.question}” was cancelled before it finished. Ask again with ask_research_agent.`;
    case 'failed':
      return `The research agent could not answer “${answer.question}”: its run failed. Ask again with ask_research_agent, perhaps in other words.`;
  }
}
