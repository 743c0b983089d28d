/** How a request to start an agent run ended (what `startAgentRun` and `deferRunStart` answer). */
export type StartAgentRunResult =
  | { status: 'started'; runId: string }
  /** The same request again (Slack redelivery): the first one's run carries on. */
  | { status: 'duplicate'; runId: string; reason: 'already_running' | 'already_finished' }
  | { status: 'empty_question'; message: string }
  /** The workspace has not connected the service (or is not installed): the asker was told how to fix it. */
  | { status: 'not_connected'; message: string }
  /** Waits in the thread's queue behind the run working there (the asker was told). */
  | { status: 'queued'; position: number; message: string }
  /** Its turn came from the queue, but another run got into the thread first: it keeps its place. */
  | { status: 'busy'; runId: string; message: string }
  /** Too many questions already wait in the thread: refused (the asker was told). */
  | { status: 'queue_full'; message: string }
  /** Could not start for a passing reason: waits in this process and starts by itself (defer-run-start.ts). */
  | { status: 'deferred'; runId: string; message: string }
  | { status: 'failed'; retryable: boolean; message: string; error: unknown };
