/** Every domain store of the app, built on one StateStore. */
import type { StateStore } from './state-store.js';
import { AnswerFeedback } from './answer-feedback.js';
import { DigestLocks } from './digest-locks.js';
import { DigestMarkers } from './digest-markers.js';
import { EventDedupe } from './event-dedupe.js';
import { ExternalAccess } from './external-access.js';
import { FolderOwners } from './folder-owners.js';
import { McpQuestions } from './mcp-questions.js';
import { McpTokens } from './mcp-tokens.js';
import { ResearchDocuments } from './research-documents.js';
import { Leases } from './leases.js';
import { PendingExports } from './pending-exports.js';
import { RecentRuns } from './recent-runs.js';
import { RunStore } from './run-store.js';
import { SavedCanvases } from './saved-canvases.js';
import { SignedRequestDedupe } from './signed-request-dedupe.js';
import { Subscriptions } from './subscriptions.js';
import { ThreadConversations } from './thread-conversations.js';
import { ThreadQuestionQueue } from './thread-question-queue.js';
import { ThreadStartClaims } from './thread-start-claims.js';
import { Watches } from './watches.js';
import type { SecretSealer } from './secret-sealer.js';
import { WorkflowExecutions } from './workflow-executions.js';

export interface AppStores {
  state: StateStore;
  runs: RunStore;
  leases: Leases;
  threads: ThreadConversations;
  /** Questions waiting behind a run in their thread. */
  questionQueue: ThreadQuestionQueue;
  /** Who is starting a run in a thread right now (one at a time). */
  threadStarts: ThreadStartClaims;
  events: EventDedupe;
  signedRequests: SignedRequestDedupe;
  subscriptions: Subscriptions;
  digestMarkers: DigestMarkers;
  digestLocks: DigestLocks;
  folders: FolderOwners;
  /** Files added to research folders from Slack, their processing and who was told. */
  documents: ResearchDocuments;
  recentRuns: RecentRuns;
  feedback: AnswerFeedback;
  /** Watchlists, their poll state and locks. */
  watches: Watches;
  /** Whether users of other organisations (Slack Connect) may use the app, per workspace. */
  externalAccess: ExternalAccess;
  /** CSV/XLSX exports uploaded and not yet shared: a restart finishes them or tells the user. */
  pendingExports: PendingExports;
  /** The canvas each card was saved as (Save as canvas), per workspace and channel. */
  savedCanvases: SavedCanvases;
  /** Workflow Builder steps waiting for their agent run: completed when it ends, restarts included. */
  workflowExecutions: WorkflowExecutions;
  /** Workspaces' bearer tokens for MCP clients (hashed), created and revoked on App Home. */
  mcpTokens: McpTokens;
  /** Questions MCP clients asked the agent, so any replica can answer get_agent_answer. */
  mcpQuestions: McpQuestions;
}

/** `sealer`: seals credentials kept in the store (the deployment's SECRETS_ENCRYPTION_KEY), when it has one. */
export function createAppStores(state: StateStore, clock: () => number = Date.now, sealer?: SecretSealer): AppStores {
  const leases = new Leases(state);
  return {
    state,
    runs: new RunStore(state, clock),
    leases,
    threads: new ThreadConversations(state, clock),
    questionQueue: new ThreadQuestionQueue(state, clock),
    threadStarts: new ThreadStartClaims(leases),
    events: new EventDedupe(state),
    signedRequests: new SignedRequestDedupe(state),
    subscriptions: new Subscriptions(state),
    digestMarkers: new DigestMarkers(state, clock),
    digestLocks: new DigestLocks(leases),
    folders: new FolderOwners(state),
    documents: new ResearchDocuments(state),
    recentRuns: new RecentRuns(state),
    feedback: new AnswerFeedback(state, clock),
    watches: new Watches(state, leases),
    externalAccess: new ExternalAccess(state, clock),
    pendingExports: new PendingExports(state),
    savedCanvases: new SavedCanvases(state, leases),
    workflowExecutions: new WorkflowExecutions(state, sealer),
    mcpTokens: new McpTokens(state, clock),
    mcpQuestions: new McpQuestions(state),
  };
}
