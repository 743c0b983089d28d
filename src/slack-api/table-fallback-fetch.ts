/**
 * Tables where Slack takes them. `data_table` is rolling out: a workspace without it answers
 * `invalid_blocks`, and `table` too is refused in some. A message holding tables is sent as
 * rendered (`data_table`), or, when this process already learned the workspace refuses that, as
 * `table` blocks, or as text. A refused send (Slack did nothing, so sending again cannot duplicate)
 * is sent once more one step down; when that one is taken, the refused kind is remembered
 * (TableSupport), so later messages go straight to what works instead of failing first each time.
 *
 * It sits in the clients' fetch, next to the redactor (redacting-fetch.ts), so every path that
 * writes a message (listeners' cards, respond(), the relay's answers) gets it without each caller
 * knowing. How tables are rewritten (pure renderers in slack/blocks) is passed in.
 * @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block
 * @see https://docs.slack.dev/reference/methods/chat.postMessage#errors (invalid_blocks)
 */
import { parse as parseForm, stringify as stringifyForm } from 'node:querystring';
import type { FetchFunction } from '@slack/web-api';
import type { Logger } from '../observability/logger.js';

type FetchInit = NonNullable<Parameters<FetchFunction>[1]>;
type FetchResponse = Awaited<ReturnType<FetchFunction>>;

/** What a message's tables are sent as, best first. */
export type TableLevel = 'data_table' | 'table' | 'text';
const LEVELS: readonly TableLevel[] = ['data_table', 'table', 'text'];

/** Rewrites blocks so they hold no table kind above `to` (pure; slack/blocks/downgrade-tables.ts). */
export type DowngradeTables = (blocks: unknown[], to: 'table' | 'text') => unknown[];

/** What this process has learned about the workspace's tables; one per process, shared by every client. */
export interface TableSupport {
  /** The best level not known to be refused. */
  level(): TableLevel;
  /** Slack refused this kind (and took the same message one level down). */
  refuse(kind: 'data_table' | 'table'): void;
  readonly downgrade: DowngradeTables;
}

export function createTableSupport(options: { downgrade: DowngradeTables; logger: Logger }): TableSupport {
  let level: TableLevel = 'data_table';
  return {
    level: () => level,
    refuse(kind) {
      const next: TableLevel = kind === 'data_table' ? 'table' : 'text';
      if (LEVELS.indexOf(next) <= LEVELS.indexOf(level)) return;
      level = next;
      options.logger.warn('Slack refuses a table block here: later messages use the next best', { refused: kind, now: next });
    },
    downgrade: options.downgrade,
  };
}

/** The blocks of a request and how to put others in their place; undefined when it has none. */
interface BlocksPayload {
  blocks: unknown[];
  withBlocks(blocks: unknown[]): FetchInit;
}

function readPayload(init: FetchInit | undefined): BlocksPayload | undefined {
  if (typeof init?.body !== 'string') return undefined;
  const body = init.body;
  // Most messages hold no table; neither their blocks' types nor anything else say "table" (form
  // encoding leaves letters alone), so they are not parsed here.
  if (!body.includes('table')) return undefined;
  if (contentType(init.headers).includes('application/x-www-form-urlencoded')) {
    const fields = parseForm(body);
    const raw = fields.blocks;
    if (typeof raw !== 'string') return undefined;
    const blocks = parseArray(raw);
    return blocks && { blocks, withBlocks: (b) => ({ ...init, body: stringifyForm({ ...fields, blocks: JSON.stringify(b) }) }) };
  }
  // respond(): a JSON body.
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { blocks?: unknown }).blocks)) return undefined;
  const message = json as { blocks: unknown[] };
  return { blocks: message.blocks, withBlocks: (b) => ({ ...init, body: JSON.stringify({ ...message, blocks: b }) }) };
}

function parseArray(text: string): unknown[] | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The best table kind a block list holds. */
function tableKind(blocks: readonly unknown[]): 'data_table' | 'table' | undefined {
  const types = new Set(blocks.map((b) => (typeof b === 'object' && b !== null ? (b as { type?: unknown }).type : undefined)));
  if (types.has('data_table')) return 'data_table';
  if (types.has('table')) return 'table';
  return undefined;
}

/** The answer, read once and replayable (the caller reads it again). */
function buffered(res: FetchResponse, text: string): FetchResponse {
  return {
    ok: res.ok,
    status: res.status,
    statusText: res.statusText,
    url: res.url,
    headers: res.headers,
    arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer,
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
  };
}

/** Web API: `{ok:false, error:"invalid_blocks"}`; a response_url answers the same, or the bare code. */
function isBlocksRefusal(text: string): boolean {
  if (text.trim() === 'invalid_blocks') return true;
  try {
    return (JSON.parse(text) as { error?: unknown }).error === 'invalid_blocks';
  } catch {
    return false;
  }
}

export function createTableFallbackFetch(fetchFn: FetchFunction, support: TableSupport): FetchFunction {
  return async (url, init) => {
    const payload = readPayload(init);
    if (!payload || tableKind(payload.blocks) === undefined) return fetchFn(url, init);
    // Each level's blocks, best first from what is not known to be refused; a level that changes nothing is skipped.
    const tries: Array<{ blocks: unknown[]; kind: 'data_table' | 'table' | undefined }> = [];
    for (const level of LEVELS.slice(LEVELS.indexOf(support.level()))) {
      const blocks = level === 'data_table' ? payload.blocks : support.downgrade(payload.blocks, level);
      const previous = tries[tries.length - 1];
      if (previous && JSON.stringify(previous.blocks) === JSON.stringify(blocks)) continue;
      tries.push({ blocks, kind: tableKind(blocks) });
    }
    let last: FetchResponse | undefined;
    for (const [i, attempt] of tries.entries()) {
      const res = await fetchFn(url, payload.withBlocks(attempt.blocks));
      const text = await res.text();
      last = buffered(res, text);
      if (!isBlocksRefusal(text)) {
        // Taken one level down: what the earlier tries held is what this workspace refuses.
        for (const refused of tries.slice(0, i)) if (refused.kind) support.refuse(refused.kind);
        return last;
      }
      if (attempt.kind === undefined) break;
    }
    // Refused at every level: something else is wrong with the message; the caller sees Slack's answer.
    return last as FetchResponse;
  };
}

function contentType(headers: FetchInit['headers']): string {
  const found = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
  return found ? found[1].toLowerCase() : '';
}
