/**
 * Questions MCP clients asked the research agent (ask_research_agent): the id handed to the client
 * and where the run lives on the research service (its conversation and assistant message). The
 * service keeps the run's progress and answer; this record is what lets any replica, after any
 * restart, answer get_agent_answer. Kept under the asking workspace's prefix, so an id is found
 * only by the workspace that asked (another workspace's lookup reads its own keys).
 */
import { z } from 'zod';
import { readValidRecord } from './json-record.js';
import { keys, TTL } from './keys.js';
import type { StateStore } from './state-store.js';

const recordSchema = z.object({
  questionId: z.string(),
  teamId: z.string(),
  question: z.string(),
  conversationId: z.string(),
  assistantMessageId: z.string(),
  conversationUrl: z.string().optional(),
  /** Who asked: `token:<tokenId>` or `slack:<user id>`. */
  askedBy: z.string(),
  askedAtMs: z.number(),
});

export type McpQuestionRecord = z.output<typeof recordSchema>;

export class McpQuestions {
  constructor(private readonly store: StateStore) {}

  async save(record: McpQuestionRecord): Promise<void> {
    await this.store.set(keys.mcpQuestion(record.teamId, record.questionId), JSON.stringify(record), TTL.mcpQuestionMs);
  }

  /** The workspace's question with this id; undefined when it has none such (or it expired). */
  async get(teamId: string, questionId: string): Promise<McpQuestionRecord | undefined> {
    // A record no version wrote reads as an unknown question.
    const record = await readValidRecord(this.store, keys.mcpQuestion(teamId, questionId), recordSchema);
    return record?.teamId === teamId ? record : undefined;
  }
}
