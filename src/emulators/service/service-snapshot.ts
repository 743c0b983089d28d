/**
 * The service emulator's snapshot file, version 1: what a playground start keeps for the next one
 * (dataset changes — uploaded documents with their text and processing stage among them —, the
 * folder counter, conversations, messages and runs). One zod schema reads
 * and writes it: ids are bigints in memory and decimal strings in the file, since they pass 2^53.
 * Events and script inputs are the emulator's own objects, written by it: they pass through as
 * they are, checked for the fields the store relies on, so fields added to them later survive.
 * An ended run never changes again, so its events can move to a file of their own (written once):
 * the snapshot, rewritten after every event of a running run, then stays small.
 */
import { z } from 'zod';
import type { WorkflowEvent } from './agent-events.js';
import type { ScriptInput } from './agent-run-script.js';
import type { AgentRunStoreState, StoredRun } from './agent-run-store-state.js';
import type { DatasetChanges } from './data/dataset-changes.js';
import { SUPPORTED_EXTENSIONS } from './uploads/upload-rules.js';

export const SERVICE_SNAPSHOT_VERSION = 1;

export interface ServiceState {
  /** Numbers the folders clients create (fld_000001, …). */
  folderSeq: number;
  dataset: DatasetChanges;
  runs: AgentRunStoreState;
}

/** A run as the snapshot holds it: without `events` when they are in the run's own events file. */
export type SnapshotRun = Omit<StoredRun, 'events'> & { events?: WorkflowEvent[] };

export interface ServiceSnapshot extends Omit<ServiceState, 'runs'> {
  runs: Omit<AgentRunStoreState, 'runs'> & { runs: SnapshotRun[] };
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
  // It names the run's events file too: nothing that could leave the directory.
  assistantMessageId: z.string().regex(/^[A-Za-z0-9_-]+$/),
  responseId: z.string(),
  conversationId: bigintText,
  messageId: bigintText,
  status: messageStatus,
  events: z.array(workflowEvent).optional(),
  scriptInput: scriptInput.optional(),
});

/** An uploaded document with its text and stage (uploads/upload-record.ts). */
const uploadRecord = z.object({
  id: z.string(),
  title: z.string(),
  fileType: z.enum(SUPPORTED_EXTENSIONS),
  folderId: z.string().optional(),
  tags: z.record(z.string(), z.array(z.string())),
  metadatas: z.object({ period: z.string(), periods: z.array(z.string()), entities: z.array(z.string()) }),
  publishedAtMs: z.number(),
  createdAtMs: z.number(),
  originalUrl: z.string(),
  pages: z.array(z.string()),
  failure: z.string().optional(),
  stuck: z.boolean().optional(),
  statusCalls: z.number().int().min(0).max(3),
});

const nextIds = z.object({ conversation: bigintText, message: bigintText });

const serviceSnapshot = z.object({
  version: z.literal(SERVICE_SNAPSHOT_VERSION),
  folderSeq: z.number().int().min(0),
  dataset: z.object({
    createdFolders: z.array(z.object({ id: z.string(), name: z.string(), createdAtMs: z.number() })),
    deletedSeedFolderIds: z.array(z.string()),
    deletedDocIds: z.array(z.string()),
    // Files written before uploads existed have none.
    uploads: z.array(uploadRecord).default([]),
    uploadSeq: z.number().int().min(0).default(0),
  }),
  runs: z.object({
    seedGeneration: z.number().int().min(0),
    nextIds: z.object({ document: nextIds, published: nextIds }),
    conversations: z.array(z.object({ conversation, messages: z.array(message) })),
    runs: z.array(storedRun),
  }),
});

const runEventsFile = z.object({ version: z.literal(SERVICE_SNAPSHOT_VERSION), events: z.array(workflowEvent) });

/**
 * The JSON value to write. Arrays and records are copied, so a run that goes on while the file is
 * being written cannot change what is written.
 */
export function serviceSnapshotOf(snapshot: ServiceSnapshot): unknown {
  return z.encode(serviceSnapshot, { version: SERVICE_SNAPSHOT_VERSION, ...snapshot });
}

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Reads a parsed snapshot file; a wrong shape or another version is a problem to report, not a crash. */
export function serviceSnapshotFrom(json: unknown): Read<ServiceSnapshot> {
  const parsed = serviceSnapshot.safeParse(json);
  if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error) };
  const { version: _version, ...snapshot } = parsed.data;
  return { ok: true, value: snapshot };
}

/** The JSON value of an ended run's events file. */
export function runEventsFileOf(events: readonly WorkflowEvent[]): unknown {
  return { version: SERVICE_SNAPSHOT_VERSION, events };
}

export function runEventsFrom(json: unknown): Read<WorkflowEvent[]> {
  const parsed = runEventsFile.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data.events } : { ok: false, problem: describeIssues(parsed.error) };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'the file'}: ${i.message}`)
    .join('; ');
}
