/**
 * The Financial Research Data Service emulator, startable in-process (tests) or from cli.ts.
 * It imports nothing from the app.
 *
 * Uploaded documents (routes/upload-routes.ts, uploads/): `POST /v1/docs/upload/form` (multipart,
 * `file` required; `folder_id`, `name`, `tags` and `metadatas` as JSON text, `published_at`),
 * `/v1/docs/upload` and `/v1/docs/upload/async` (by URL: fetched before answering). Types by
 * extension: pdf, docx, xlsx, csv, txt, md, pptx (400 otherwise); 50 MB at most (413, refused as
 * it streams in); an unknown folder 404. `GET /v1/docs/{id}/upload/status` steps one stage per call:
 * pending, processing, completed — an encrypted or unreadable PDF ends `{"status": "failed",
 * "message"}`, a name with `[stuck]` stays processing. Completed documents are found by v1 search
 * (category files, folder_ids, upload tags), chunk search (PDF text per page, a spreadsheet's per
 * sheet, docx/txt/md/csv text as one page) and `/v1/docs/{id}/raw-content`; pptx by title only.
 * An unreadable xlsx or docx fails as a PDF does. `DELETE /v1/docs/delete` and a
 * folder's delete remove them. The state file keeps them, stage included. A chat given
 * `documents` quotes and cites them (pinned-documents.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { WorkflowEvent } from './agent-events.js';
import { AgentRunStore } from './agent-runs.js';
import { applyDatasetChanges, clearDatasetChanges, datasetChangesOf } from './data/dataset-changes.js';
import { buildDataset } from './data/dataset.js';
import type { PublishDocumentInput } from './data/publish-document.js';
import { publishFromControl } from './routes/emulator-control-routes.js';
import { CANONICAL_LINKS, playgroundLinks } from './demo-links.js';
import { FaultController, type ServiceFaults } from './faults.js';
import { serveDemoPage } from './pages/page-routes.js';
import type { EmulatorState } from './routing.js';
import { createEmulatorServer, type RequestLogEntry } from './server.js';
import { loadServiceState, NO_STATE_FILE, openServiceStateFile, type ServiceStateFile } from './service-state-file.js';
import { streamFramingOf } from './stream-framing.js';
import type { Variant } from './variants.js';

export type { ServiceFaults } from './faults.js';
export type { PublishDocumentInput } from './data/publish-document.js';
export type { Variant as ServiceVariant } from './variants.js';
export { ASSISTANT_MESSAGE_ID_HEADERS, type StreamFraming } from './stream-framing.js';

export interface ServiceEmulatorOptions {
  /** 0 = ephemeral; default 8787 in the CLI, 0 here. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 'demo-key'. */
  apiKey?: string;
  /**
   * More keys the emulator accepts, as a real deployment accepts each customer's key: one per
   * workspace that connects its own service account. Every key sees the same demo data.
   */
  moreApiKeys?: string[];
  /** Naming variant, default 'latest'. */
  variant?: Variant;
  /** Time multiplier for agent runs: 1 = realistic (a run ~30 s), 50 = fast. Default 1. */
  agentSpeed?: number;
  faults?: Partial<ServiceFaults>;
  /** ms epoch, default Date.now. */
  clock?: () => number;
  /**
   * The instant the demo data end at (ms epoch): dates move so that the newest documents and
   * prices fall just before it (data/dataset-calendar.ts). Default: the data's own end,
   * 2025-06-30, which the emulator's tests are written against. The playground passes today.
   */
  datasetAnchorMs?: number;
  /**
   * The wait behind the latencyMs fault (real time by default). Tests inject one to see the
   * delay asked for instead of measuring it; it must reject when `signal` aborts.
   */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * Where people open the demo's pages (the playground's address, e.g. http://localhost:3000):
   * document, media and conversation URLs point there. Unset: made-up research.example.com hosts.
   */
  publicUrl?: string;
  /**
   * Keeps the service's state in this JSON file (playground mode): folders, deleted documents,
   * conversations, messages and runs come back at the next start, and runs that were running go
   * on where they were. Without it everything is in memory, and close() ends running runs.
   */
  stateFile?: string;
}

export interface ServiceEmulator {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:8787 */
  url: string;
  apiKey: string;
  /** Every key accepted (apiKey and moreApiKeys). */
  apiKeys: readonly string[];
  setVariant(v: Variant): void;
  /** Replaces the current faults (unset = off). */
  setFaults(f: Partial<ServiceFaults>): void;
  requestLog: RequestLogEntry[];
  /**
   * Answers a browser request for a demo page (document, chunk picture, conversation) and returns
   * true, or returns false for any other path; another server (the playground's) can mount it.
   */
  servePage(req: IncomingMessage, res: ServerResponse): boolean;
  /** Holds running agent runs where they are (no further events) until resumeAgentRuns(). */
  pauseAgentRuns(): void;
  /** Holds running agent runs right after the first event `match` accepts, until resumeAgentRuns(). */
  pauseAgentRunsAfter(match: (event: WorkflowEvent) => boolean): void;
  resumeAgentRuns(): void;
  /**
   * Publishes a new document (about a demo company and/or a keyword), searchable at once, as the
   * real service's feed does over time; dated by the emulator's clock unless told. Kept in memory
   * only (a restart of the emulator forgets it). Returns its id and publication time.
   */
  publishDocument(input: PublishDocumentInput): { id: string; title: string; publishedAtMs: number };
  /**
   * Cuts every open connection, event streams included, as a deploy or a load balancer reset
   * does; the server keeps listening and runs go on, so clients must reconnect.
   */
  dropConnections(): void;
  /**
   * Back to the seed: folders and documents as built, no conversations; running runs are
   * cancelled. Ids keep counting. Resolves once the state file (if any) says so too.
   */
  reset(): Promise<void>;
  /**
   * Ends open streams. Running agent runs end as cancelled, unless a state file is kept: then
   * they stay running in it (written before this resolves) and the next start continues them.
   */
  close(): Promise<void>;
}

export async function startServiceEmulator(opts: ServiceEmulatorOptions = {}): Promise<ServiceEmulator> {
  const clock = opts.clock ?? Date.now;
  const agentSpeed = opts.agentSpeed && opts.agentSpeed > 0 ? opts.agentSpeed : 1;
  const apiKey = opts.apiKey ?? 'demo-key';
  const logError = (message: string): void => {
    process.stderr.write(`${message}\n`);
  };
  const loaded = opts.stateFile ? await loadServiceState(opts.stateFile, (m) => logError(`service emulator: ${m}`)) : undefined;
  const restored = loaded?.state;
  const links = opts.publicUrl ? playgroundLinks(opts.publicUrl) : CANONICAL_LINKS;
  const dataset = buildDataset({ links, ...(opts.datasetAnchorMs === undefined ? {} : { anchorMs: opts.datasetAnchorMs }) });
  if (restored) applyDatasetChanges(dataset, restored.dataset);
  let stateFile: ServiceStateFile = NO_STATE_FILE;
  const state: EmulatorState = {
    dataset,
    links,
    variant: opts.variant ?? 'latest',
    clock,
    agentSpeed,
    faults: new FaultController(opts.faults ?? {}),
    // New conversations take the framing of the variant in force when they are created.
    runs: new AgentRunStore({
      clock,
      agentSpeed,
      framing: () => streamFramingOf(state.variant),
      onChange: () => stateFile.changed(),
      ...(restored ? { restored: restored.runs } : {}),
    }),
    streams: new Set(),
    folderSeq: restored?.folderSeq ?? 0,
    publishedSeq: 0,
    commit: () => stateFile.commit(),
  };
  if (opts.stateFile) {
    stateFile = openServiceStateFile({
      file: opts.stateFile,
      state: () => ({ folderSeq: state.folderSeq, dataset: datasetChangesOf(state.dataset), runs: state.runs.toState() }),
      logError: (m) => logError(`service emulator: ${m}`),
      ...(loaded ? { runsInFiles: loaded.runsInFiles } : {}),
    });
    // The new seed generation (and a run that could not go on) belong in the file at once.
    if (restored) stateFile.changed();
  }
  const requestLog: RequestLogEntry[] = [];
  const closeSignal = new AbortController();
  const server = createEmulatorServer({
    state,
    apiKeys: new Set([apiKey, ...(opts.moreApiKeys ?? [])]),
    requestLog,
    logError,
    sleep: opts.sleep ?? ((ms, signal) => delay(ms, undefined, { signal })),
    closing: closeSignal.signal,
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    apiKey,
    apiKeys: [apiKey, ...(opts.moreApiKeys ?? [])],
    requestLog,
    servePage: (req, res) => serveDemoPage(state, req, res),
    setVariant(v) {
      state.variant = v;
    },
    setFaults(f) {
      state.faults.set(f);
    },
    pauseAgentRuns: () => state.runs.pause(),
    pauseAgentRunsAfter: (match) => state.runs.pauseAfter(match),
    resumeAgentRuns: () => state.runs.resume(),
    publishDocument: (input) => publishFromControl(state, input),
    dropConnections() {
      for (const s of [...state.streams]) s.end();
      server.closeAllConnections();
    },
    async reset() {
      for (const s of [...state.streams]) s.end();
      state.runs.reset();
      clearDatasetChanges(state.dataset);
      await stateFile.reset();
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        closeSignal.abort();
        state.runs.close({ keepRunning: opts.stateFile !== undefined });
        for (const s of [...state.streams]) s.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => stateFile.close());
      return closing;
    },
  };
}
