/**
 * The one module that owns key names and TTLs. Every other module asks here; nothing else
 * spells a key. Slack ids (T…, C…, U…) and ts values contain no ':', so prefixes such as
 * `sub:{team}:` never match another team's keys.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const TTL = {
  /** A run record outlives the run long enough for replay, cancel clicks and App Home links. */
  runMs: 7 * DAY_MS,
  /** Follow-ups in a thread continue the same conversation for a month. */
  threadMs: 30 * DAY_MS,
  /** Conversation → workspace ownership, the authority for /research replay. */
  conversationMs: 90 * DAY_MS,
  /** Slack retries an event for a few minutes; the brief asks for at least 10. */
  eventMs: HOUR_MS,
  /**
   * A signed request is accepted for five minutes after its timestamp and from one minute before
   * it (clock skew); its claim must outlive both, with room for replicas' clocks to differ.
   */
  signedRequestMs: 10 * MINUTE_MS,
  /** Far beyond any grace window and the weekly cadence, so a slot is never evaluated twice. */
  digestSlotMs: 35 * DAY_MS,
  /** "What changed since the previous digest" survives a paused month. */
  digestSnapshotMs: 90 * DAY_MS,
  /** A posted watch alert's ts: long enough for any pending alert to be settled after a restart. */
  watchAlertTsMs: 7 * DAY_MS,
  folderMs: 365 * DAY_MS,
  recentRunsMs: 30 * DAY_MS,
  /** Votes on answers are kept for a year, like folders: long enough to read trends from. */
  answerFeedbackMs: 365 * DAY_MS,
  /**
   * A thread's queue of questions asked while a run worked there: its entries' own deadline
   * (QUEUED_QUESTION_LIMITS.maxWaitMs) ends them; the key outlives it so a late drain can still
   * tell their askers.
   */
  threadQueueMs: 2 * HOUR_MS,
  /** An export interrupted by a dead process is finished or told within minutes; a day is plenty. */
  pendingExportMs: DAY_MS,
  /** Slack refused a workspace's Work Object unfurl: its links unfurl classic for a day, then Work Objects are tried again. */
  workObjectsRefusedMs: DAY_MS,
  /** A Workflow Builder step waiting for its agent run: runs end (or time out) within the hour; a day is plenty. */
  workflowExecutionMs: DAY_MS,
  /** A question asked through MCP (ask_research_agent): its answer can be read for a week, like a run. */
  mcpQuestionMs: 7 * DAY_MS,
} as const;

/**
 * Questions waiting behind a run in one thread: a few at most (a thread is one conversation, not
 * a work list), each for half an hour at most (an answer later than that is better asked again).
 */
export const QUEUED_QUESTION_LIMITS = { perThread: 5, maxWaitMs: 30 * MINUTE_MS } as const;

/** How many recent runs the App Home shows per user. */
export const RECENT_RUNS_LIMIT = 10;

/** Lease names (the key is `lease:{name}`), so run and digest leases share one implementation. */
export const leaseNames = {
  run: (runId: string): string => `run:${runId}`,
  digest: (teamId: string, channelId: string): string => `digest:${teamId}:${channelId}`,
  /** Held while a run is being started in a thread, until its record shows it as active. */
  threadStart: (teamId: string, channelId: string, threadTs: string): string => `thread-start:${teamId}:${channelId}:${threadTs}`,
  /** Held while a replica polls one watch (and posts its alert). */
  watch: (teamId: string, channelId: string, watchId: string): string => `watch:${teamId}:${channelId}:${watchId}`,
  /** Held while a process uploads and shares an export; a dead holder's lapses and a sweep takes over. */
  export: (teamId: string, exportId: string): string => `export:${teamId}:${exportId}`,
  /** Held while a card is being saved as a canvas, so two clicks never create two canvases. */
  canvas: (teamId: string, channelId: string, card: string): string => `canvas:${teamId}:${channelId}:${card}`,
} as const;

/**
 * A run id starts with its workspace's team id and a '-' (runIdFor in agent/runtime/run-id-for.ts),
 * so the run keys below fall under the workspace's prefixes (`run:T123-`) with no lookup.
 */
export const RUN_ID_TEAM_SEPARATOR = '-';

export const keys = {
  run: (runId: string): string => `run:${runId}`,
  /** Mutable progress of a run (offset, reply ts, status), written on every rendered update. */
  runProgress: (runId: string): string => `run-progress:${runId}`,
  /** Active-runs index: one key per run in progress, listed by prefix. */
  activeRun: (runId: string): string => `active-run:${runId}`,
  activeRunPrefix: 'active-run:',
  lease: (name: string): string => `lease:${name}`,
  runLease: (runId: string): string => `lease:${leaseNames.run(runId)}`,
  digestLock: (teamId: string, channelId: string): string => `lease:${leaseNames.digest(teamId, channelId)}`,
  thread: (teamId: string, channelId: string, threadTs: string): string => `thread:${teamId}:${channelId}:${threadTs}`,
  /** Conversation → the thread (in its workspace) it was started from; replay's authority. */
  conversation: (teamId: string, conversationId: string): string => `conv:${teamId}:${conversationId}`,
  /** Before many workspaces (until its 90 days run out): conversation → owner, without the team in the key. */
  legacyConversation: (conversationId: string): string => `conv:${conversationId}`,
  /** Questions queued behind the run in a thread, oldest first; listed by prefix after a restart. */
  threadQueue: (teamId: string, channelId: string, threadTs: string): string => `thread-queue:${teamId}:${channelId}:${threadTs}`,
  threadQueuePrefix: 'thread-queue:',
  event: (eventId: string): string => `event:${eventId}`,
  /**
   * The signed slash commands and interactions of one minute (by their signed timestamp), a set of
   * the SHA-256 of each one's signature, timestamp and body: one key a minute, not one a command.
   */
  signedRequestMinute: (signedAtSeconds: number): string => `signed-request:${Math.floor(signedAtSeconds / 60)}`,
  subscription: (teamId: string, channelId: string): string => `sub:${teamId}:${channelId}`,
  subscriptionPrefix: (teamId?: string): string => (teamId === undefined ? 'sub:' : `sub:${teamId}:`),
  digestSlot: (teamId: string, channelId: string, slotIso: string): string => `digest-slot:${teamId}:${channelId}:${slotIso}`,
  digestSnapshot: (teamId: string, channelId: string): string => `digest-prev:${teamId}:${channelId}`,
  /** The ts of a slot's digest, once known (the poster's answer or Slack's message_metadata_posted). TTL of the slot. */
  digestSlotTs: (teamId: string, channelId: string, slotIso: string): string => `digest-slot:${teamId}:${channelId}:${slotIso}:ts`,
  folder: (teamId: string, folderId: string): string => `folder:${teamId}:${folderId}`,
  folderPrefix: (teamId: string): string => `folder:${teamId}:`,
  /** A file added to a research folder (ResearchDocuments), by the service's document id. */
  researchDocument: (teamId: string, docId: string): string => `doc:${teamId}:${docId}`,
  researchDocumentPrefix: (teamId?: string): string => (teamId === undefined ? 'doc:' : `doc:${teamId}:`),
  /** One Slack file in one folder is one document: the claim of whoever is adding it, then its doc id. */
  researchDocumentFile: (teamId: string, folderId: string, slackFileId: string): string => `doc-file:${teamId}:${folderId}:${slackFileId}`,
  /** Whoever sets this first tells the user a document's outcome: exactly once, across restarts and replicas. */
  researchDocumentTold: (teamId: string, docId: string): string => `doc-told:${teamId}:${docId}`,
  /** A watchlist entry; listed per channel or team by prefix. No TTL: it lasts until removed. */
  watch: (teamId: string, channelId: string, watchId: string): string => `watch:${teamId}:${channelId}:${watchId}`,
  watchPrefix: (teamId?: string, channelId?: string): string =>
    teamId === undefined ? 'watch:' : channelId === undefined ? `watch:${teamId}:` : `watch:${teamId}:${channelId}:`,
  /** The watch ids a channel holds or is adding (WatchSlots): what makes its limit atomic. No TTL. */
  watchSlots: (teamId: string, channelId: string): string => `watch-slots:${teamId}:${channelId}`,
  /** A watch's cursor, seen documents and pending alert (WatchState). */
  watchState: (teamId: string, channelId: string, watchId: string): string => `watch-state:${teamId}:${channelId}:${watchId}`,
  /** The ts of one posted watch alert, once known (the poster's answer or message_metadata_posted). */
  watchAlertTs: (teamId: string, channelId: string, watchId: string, alertId: string): string =>
    `watch-state:${teamId}:${channelId}:${watchId}:alert:${alertId}`,
  /** Service calls the watch poller made in one window, shared by every replica (`window` = floor(now / windowMs)). */
  watchBudget: (window: number): string => `watch-budget:${window}`,
  /** Until when (epoch ms) the service's 429 holds every replica's watch polling. */
  watchBudgetBlocked: 'watch-budget:blocked',
  recentRuns: (teamId: string, userId: string): string => `recent-runs:${teamId}:${userId}`,
  /** One user's 👍/👎 on one answer: the Slack message that carries the feedback buttons. */
  answerFeedback: (teamId: string, channelId: string, messageTs: string, userId: string): string =>
    `feedback:${teamId}:${channelId}:${messageTs}:${userId}`,
  answerFeedbackPrefix: (teamId?: string): string => (teamId === undefined ? 'feedback:' : `feedback:${teamId}:`),
  /**
   * A rate budget's call counter for one window (`window` = floor(now / windowMs)). A channel-scoped
   * method counts per channel (`chat.postMessage@C123`); a workspace-scoped one passes no channel.
   */
  budgetWindow: (teamId: string, method: string, channelId: string | undefined, window: number): string =>
    `budget:${teamId}:${budgetScope(method, channelId)}:${window}`,
  /** Until when (epoch ms) a 429 blocks the method for every replica. */
  budgetBlocked: (teamId: string, method: string, channelId: string | undefined): string =>
    `budget:${teamId}:${budgetScope(method, channelId)}:blocked`,
  /**
   * An installation (tokens sealed by the secret box): a workspace's by team id, an org-wide one by
   * enterprise id. Listed by prefix to find every workspace the app serves.
   */
  installation: (installationId: string): string => `install:${installationId}`,
  installationPrefix: 'install:',
  /** A workspace's (or org's) research-service connection; its key sealed by the secret box. */
  serviceConnection: (installationId: string): string => `service-conn:${installationId}`,
  /** Which org-wide installation serves a workspace (its enterprise id), learnt from its requests. */
  teamOrg: (teamId: string): string => `team-org:${teamId}`,
  /** The workspaces an org-wide installation has served, listed when the org uninstalls. */
  orgTeam: (enterpriseId: string, teamId: string): string => `org-team:${enterpriseId}:${teamId}`,
  orgTeamPrefix: (enterpriseId: string): string => `org-team:${enterpriseId}:`,
  /** A CSV/XLSX export between its upload and its share, so a restart finishes it or tells the user. */
  pendingExport: (teamId: string, exportId: string): string => `export:${teamId}:${exportId}`,
  pendingExportPrefix: 'export:',
  /** A workspace admin's choice whether users of other organisations (Slack Connect) may use the app. No TTL. */
  externalAccess: (teamId: string): string => `external-access:${teamId}`,
  /**
   * The canvas a card was saved as in a channel (SavedCanvases): `card` is the card's own key (an
   * answer's conversation and message, a financials card's request). No TTL: saving again updates it.
   */
  savedCanvas: (teamId: string, channelId: string, card: string): string => `canvas:${teamId}:${channelId}:${card}`,
  /** Set (TTL workObjectsRefusedMs) when Slack refused a workspace's Work Object unfurl: its links unfurl classic meanwhile. */
  workObjectsRefused: (teamId: string): string => `work-objects-refused:${teamId}`,
  /** A Workflow Builder step execution waiting for its agent run (WorkflowExecutions); listed by prefix after a restart. */
  workflowExecution: (teamId: string, executionId: string): string => `workflow-exec:${teamId}:${executionId}`,
  workflowExecutionPrefix: 'workflow-exec:',
  /** Whoever sets this first completes the execution: exactly once, across restarts and replicas. */
  workflowExecutionDone: (teamId: string, executionId: string): string => `workflow-done:${teamId}:${executionId}`,
  /** A workspace's MCP bearer token, by the SHA-256 (hex) of the token: only the hash is stored. No TTL. */
  mcpToken: (teamId: string, tokenHash: string): string => `mcp-token:${teamId}:${tokenHash}`,
  mcpTokenPrefix: (teamId: string): string => `mcp-token:${teamId}:`,
  /** A question an MCP client asked the agent: its conversation and assistant message on the service. */
  mcpQuestion: (teamId: string, questionId: string): string => `mcp-question:${teamId}:${questionId}`,
} as const;

/**
 * Every prefix under which a workspace's own keys live: what uninstalling it deletes, and what no
 * other workspace's key ever starts with (team ids contain neither ':' nor '-'). Keys of no
 * workspace (event and signed-request dedupe, the watch poller's shared budget) are not here.
 */
export function workspaceKeyPrefixes(teamId: string): string[] {
  const run = `${teamId}${RUN_ID_TEAM_SEPARATOR}`;
  return [
    `run:${run}`,
    `run-progress:${run}`,
    `active-run:${run}`,
    `lease:${leaseNames.run(run)}`,
    `lease:digest:${teamId}:`,
    `lease:thread-start:${teamId}:`,
    `lease:watch:${teamId}:`,
    `thread:${teamId}:`,
    `thread-queue:${teamId}:`,
    `conv:${teamId}:`,
    `sub:${teamId}:`,
    `digest-slot:${teamId}:`,
    `digest-prev:${teamId}:`,
    `folder:${teamId}:`,
    `doc:${teamId}:`,
    `doc-file:${teamId}:`,
    `doc-told:${teamId}:`,
    `recent-runs:${teamId}:`,
    `feedback:${teamId}:`,
    `budget:${teamId}:`,
    `watch:${teamId}:`,
    `watch-state:${teamId}:`,
    `watch-slots:${teamId}:`,
    `export:${teamId}:`,
    `lease:export:${teamId}:`,
    `canvas:${teamId}:`,
    `lease:canvas:${teamId}:`,
    `mcp-token:${teamId}:`,
    `mcp-question:${teamId}:`,
    `workflow-exec:${teamId}:`,
    `workflow-done:${teamId}:`,
  ];
}

/** A workspace's keys that are whole keys, not prefixes (`team-org:T1` must not match `team-org:T10`). */
export function workspaceSingleKeys(teamId: string): string[] {
  return [keys.teamOrg(teamId), keys.externalAccess(teamId), keys.workObjectsRefused(teamId)];
}

/**
 * Where the conversations recorded before the team was in the key lie (`conv:{conversationId}`,
 * no team): their values name the workspace, so an uninstall reads each to find its own.
 */
export const legacyConversationPrefix = 'conv:';

/** A `conv:` key without a team segment (a conversation id contains no ':'). */
export function isLegacyConversationKey(key: string): boolean {
  return key.startsWith(legacyConversationPrefix) && !key.slice(legacyConversationPrefix.length).includes(':');
}

/** An installation's own keys: its tokens, its service connection, and (an org's) workspace list. */
export function installationKeys(installationId: string): { single: string[]; prefixes: string[] } {
  return {
    single: [keys.installation(installationId), keys.serviceConnection(installationId)],
    prefixes: [keys.orgTeamPrefix(installationId)],
  };
}

function budgetScope(method: string, channelId: string | undefined): string {
  return channelId === undefined ? method : `${method}@${channelId}`;
}

/**
 * The first segment of every key above: what the app owns in a store, and all that clearing its
 * state (the playground's reset) deletes, so a Redis database shared with others keeps theirs.
 * test/store/keys.test.ts checks that every key starts with one of them.
 */
export const appKeyPrefixes = [
  'run:',
  'run-progress:',
  'active-run:',
  'lease:',
  'thread:',
  'thread-queue:',
  'conv:',
  'event:',
  'signed-request:',
  'sub:',
  'digest-slot:',
  'digest-prev:',
  'folder:',
  'doc:',
  'doc-file:',
  'doc-told:',
  'recent-runs:',
  'feedback:',
  'budget:',
  'watch:',
  'watch-state:',
  'watch-slots:',
  'watch-budget:',
  'install:',
  'service-conn:',
  'team-org:',
  'org-team:',
  'external-access:',
  'canvas:',
  'work-objects-refused:',
  'export:',
  'mcp-token:',
  'mcp-question:',
  'workflow-exec:',
  'workflow-done:',
] as const;
