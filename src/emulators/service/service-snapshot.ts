/**
 * The service emulator's snapshot file, version 1: what a playground start keeps for the next one
 * (dataset changes, the folder counter, conversations, messages and runs). One zod schema reads
 * and writes it: ids are bigints in memory and decimal strings in the file, since they pass 2^53.
 * Events and script inputs are the emulator's own objects, written by it: they pass through as
 * they are, checked for the fields the store relies on, so fields added to them later survive.
 */
import { z } from 'zod';
import type { WorkflowEvent } from './agent-events.js';
import type { ScriptInput } from './agent-run-script.js';
import type { AgentRunStoreState } from './agent-run-store-state.js';
import type { DatasetChanges } from './data/dataset-changes.js';

export const SERVICE_SNAPSHOT_VERSION = 1;

export interface ServiceState {
  /** Numbers the folders clients create (fld_000001, …). */
  folderSeq: number;
  dataset: DatasetChanges;
  runs: AgentRunStoreState;
}

const bigintText = z.codec(z.string().regex(/^-?\d+$/), z.bigint(), {
  decode: (text) => BigInt(text),
  encode: (value) => value.toString(),
});
const framing = z.enum(['document', 'published']);
const messageStatus = z.enum(['completed', 'running', 'cancelled', 'failed']);
const jsonObject = z.record(z.string(), z.unknown());

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const workflowEvent = z.custom<WorkflowEvent>(
  (v) =>
    isObject(v) &&
    typeof v.event_id === 'string' &&
    typeof v.event_type === 'string' &&
    typeof v.timestamp === 'number' &&
    typeof v.response_id === 'string' &&
    (v.offset === undefined || Number.isInteger(v.offset)),
  'not a workflow event',
);

const scriptInput = z.custom<ScriptInput>(
  (v) =>
    isObject(v) &&
    typeof v.question === 'string' &&
    isObject(v.findings) &&
    Number.isInteger(v.startOffset) &&
    typeof v.responseId === 'string' &&
    typeof v.conversationId === 'string' &&
    framing.safeParse(v.framing).success,
  'not a run script input',
);

const conversation = z.object({
  id: bigintText,
  user_id: z.number(),
  agent_id: z.number(),
  type: z.string(),
  title: z.string(),
  status: z.string(),
  meta: jsonObject,
  created_at: z.number(),
  updated_at: z.number(),
  nextOffset: z.number().int(),
  framing,
});

const message = z.object({
  id: bigintText,
  user_id: z.number(),
  conversation_id: bigintText,
  turn_id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  reply_to_message_id: bigintText.nullable(),
  content: z.object({ text: z.string() }).nullable(),
  status: messageStatus,
  error_info: jsonObject.nullable(),
  assistant_message_id: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  assistant_events: z.null(),
});

const storedRun = z.object({
  assistantMessageId: z.string(),
  responseId: z.string(),
  conversationId: bigintText,
  messageId: bigintText,
  status: messageStatus,
  events: z.array(workflowEvent),
  scriptInput: scriptInput.optional(),
});

const nextIds = z.object({ conversation: bigintText, message: bigintText });

const serviceSnapshot = z.object({
  version: z.literal(SERVICE_SNAPSHOT_VERSION),
  folderSeq: z.number().int().min(0),
  dataset: z.object({
    createdFolders: z.array(z.object({ id: z.string(), name: z.string(), createdAtMs: z.number() })),
    deletedSeedFolderIds: z.array(z.string()),
    deletedDocIds: z.array(z.string()),
  }),
  runs: z.object({
    seedGeneration: z.number().int().min(0),
    nextIds: z.object({ document: nextIds, published: nextIds }),
    conversations: z.array(z.object({ conversation, messages: z.array(message) })),
    runs: z.array(storedRun),
  }),
});

/**
 * The JSON value to write. Arrays and records are copied, so a run that goes on while the file is
 * being written cannot change what is written.
 */
export function serviceSnapshotOf(state: ServiceState): unknown {
  return z.encode(serviceSnapshot, { version: SERVICE_SNAPSHOT_VERSION, ...state });
}

export type ReadServiceSnapshot = { ok: true; state: ServiceState } | { ok: false; problem: string };

/** Reads a parsed snapshot file; a wrong shape or another version is a problem to report, not a crash. */
export function serviceStateFromSnapshot(json: unknown): ReadServiceSnapshot {
  const parsed = serviceSnapshot.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'the file'}: ${i.message}`);
    return { ok: false, problem: issues.join('; ') };
  }
  const { version: _version, ...state } = parsed.data;
  return { ok: true, state };
}
