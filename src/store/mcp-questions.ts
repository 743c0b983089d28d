/**
 * Questions MCP clients asked the research agent (ask_research_agent): the id handed to the client
 * and where the run lives on the research service (its conversation and assistant message). The
 * service keeps the run's progress and answer; this record is what lets any replica, after any
 * restart, answer get_agent_answer. Kept under the asking workspace's prefix, so an id is found
 * only by the workspace that asked (another workspace's lookup reads its own keys).
 */
import { z } from 'zod';
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
    const raw = await this.store.get(keys.mcpQuestion(teamId, questionId));
    if (raw === null) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      // Not JSON: no version wrote it; the question reads as unknown.
      return undefined;
    }
    const parsed = recordSchema.safeParse(value);
    return parsed.success && parsed.data.teamId === teamId ? parsed.data : undefined;
  }
}
