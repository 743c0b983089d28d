/** Records the app keeps in the state store. Serialised as JSON; key names live in keys.ts. */

export type RunStatus = 'starting' | 'running' | 'completed' | 'cancelled' | 'failed' | 'timed_out';
export type DeliveryPath = 'update' | 'native';

/** One agent run relayed into a Slack thread. */
export interface RunRecord {
  /** Our id for the run (also the lease name). */
  runId: string;
  teamId: string;
  channelId: string;
  /** The thread the run lives in (the asker's message ts). */
  threadTs: string;
  /** Reply messages of the run in order; the first is the live one, later ones are continuations. */
  replyTs: string[];
  /** The service's id, as decimal text (it may pass 2^53); '' until the conversation exists. */
  conversationId: string;
  /** Empty until the chat call answered. */
  assistantMessageId: string;
  /** Offset of the last event applied to what Slack shows; -1 before the first. */
  lastOffset: number;
  status: RunStatus;
  askerUserId: string;
  /**
   * The asker's own workspace when it is not `teamId`: a user of another organisation in a Slack
   * Connect channel. Streams and ephemerals to them name this team (`recipient_team_id`).
   */
  askerTeamId?: string;
  question: string;
  startedAtMs: number;
  updatedAtMs: number;
  delivery: DeliveryPath;
  /** ts of a native stream still open (must be stopped before that message is edited). */
  openStreamTs?: string;
  /**
   * Set before the run's reply is first posted (false until then): after a restart only a claimed
   * reply can have reached Slack unseen, so only then is the thread looked at. Absent on records
   * written before claims existed, which are looked at as before.
   */
  replyClaimed?: boolean;
  /**
   * Set before a further message of the final answer is posted and cleared by the save that records
   * its ts: after a restart only then can Slack hold a message of this run the store does not know,
   * so only then is the thread read (a non-Marketplace app may read one a minute).
   */
  postPending?: boolean;
  cancelledBy?: string;
  /** Documents the run was grounded on (the "Ask the agent" button). */
  documents?: Array<{ docId: string; docTitle: string; fileType?: string }>;
  /** Conversation web page, when the service gave one. */
  conversationUrl?: string;
  /**
   * A long report shared as a file: its id once the bytes are uploaded (saved before completing,
   * so a resumed run completes that file instead of uploading a second), then `shared`; `failed`
   * when the upload failed for good and the answer went out as messages.
   */
  reportFile?: { state: 'uploaded' | 'shared'; fileId: string } | { state: 'failed' };
  /**
   * The check of the report's figures against the statements, made once before the final render
   * so a resumed run shows it without checking again. JSON as the relay wrote it: the store knows
   * nothing of figures, so its reader parses it (src/agent/runtime/figure-check-for-run.ts).
   */
  figureCheck?: unknown;
}

/** A Slack thread mapped to the service conversation that continues in it. */
export interface ThreadConversation {
  teamId: string;
  channelId: string;
  threadTs: string;
  /** The service's id, as decimal text. */
  conversationId: string;
  conversationUrl?: string;
  /** Who asked the question that started it (replay's authority); absent on records written before. */
  askerUserId?: string;
  createdAtMs: number;
}

export type DigestCadence = 'daily' | 'weekdays' | 'weekly';

export interface DigestSubscription {
  teamId: string;
  channelId: string;
  cadence: DigestCadence;
  /** For weekly: 0 = Sunday … 6 = Saturday. */
  weekday?: number;
  /** HH:MM, 24-hour, in `timeZone`. */
  time: string;
  /** IANA name, e.g. Asia/Shanghai. */
  timeZone: string;
  top: number;
  createdBy: string;
  createdAtMs: number;
  paused: boolean;
  pausedReason?: string;
}

/** What a channel's previous digest showed, to report what changed since. */
export interface DigestSnapshot {
  postedAtMs: number;
  slot: string;
  concepts: Array<{ conceptId: string; name: string; trendingScore: number }>;
}

export interface FolderRecord {
  teamId: string;
  folderId: string;
  name: string;
  createdBy: string;
  createdAtMs: number;
}

/** Where a file's progress is told: the message the app posted, in the place the file was added from. */
export interface DocumentNotice {
  channelId: string;
  /** The thread the notice is in (the file's message, when added from a DM or a channel). */
  threadTs?: string;
  /** The notice message itself, updated in place as processing goes on. */
  messageTs?: string;
}

/**
 * A file added to a research folder from Slack. `processing` until the service says `completed`
 * (then `searchable`) or fails; a restart follows every `processing` record again.
 */
export interface ResearchDocumentRecord {
  teamId: string;
  folderId: string;
  docId: string;
  slackFileId: string;
  /** The file's name in Slack (untrusted text: escape before showing). */
  fileName: string;
  /** The document's title at the service. */
  title: string;
  /** Slack's filetype (pdf, docx, xlsx, csv, …): the chat's `documents[].file_type`. */
  fileType: string;
  sizeBytes: number;
  tags?: Record<string, string[]>;
  addedBy: string;
  addedAtMs: number;
  status: 'processing' | 'searchable' | 'failed';
  /** Why processing failed, in words for the user. */
  failure?: string;
  notice: DocumentNotice;
}

/** What a watch follows: one stock symbol (`<MARKET>:<code>`) or a keyword. */
export type WatchTarget = { kind: 'symbol'; symbol: string } | { kind: 'keyword'; keyword: string };

/** A watchlist entry: new documents for `target` are posted to `channelId` (a channel, or the owner's DM). */
export interface WatchRecord {
  teamId: string;
  /** Stable id from channel, target and categories (so the same watch twice is a duplicate). */
  watchId: string;
  /** Where alerts go: a channel id, or the DM the command came from (scope 'user'). */
  channelId: string;
  scope: 'channel' | 'user';
  target: WatchTarget;
  /** Service categories; empty = the service's default set. */
  categories: string[];
  createdBy: string;
  createdAtMs: number;
  paused?: boolean;
  pausedReason?: string;
}

/** A document shown in a watch alert: what the card needs, kept so a re-post shows the same. */
export interface WatchAlertDoc {
  id: string;
  title: string;
  url?: string;
  category?: string;
  publishedMs: number;
}

/** One alert message of a watch: a batch of new documents, or the eve of an earnings date. */
export type WatchAlert =
  | { kind: 'documents'; docs: WatchAlertDoc[]; summary?: { docId: string; title: string; text: string } }
  | { kind: 'earnings_eve'; date: string; fiscalYear?: string; fiscalQuarter?: string; name?: string };

/**
 * A watch's progress, owned by the poller. `pending` is an alert claimed before posting: a poll
 * that finds it asks Slack whether it landed before posting it again (the digest's rule).
 */
export interface WatchState {
  /** Documents published before this are old news; advanced only after a successful post. */
  cursorMs: number;
  /** Documents already alerted (id → published ms), pruned to a window behind the cursor. */
  seen: Record<string, number>;
  lastPollMs: number;
  /** The earnings dates whose eve alert was posted. */
  earningsEves: string[];
  /** The last earnings date announced, so its transcript or filing gets a summary. */
  earningsDate?: string;
  /** Whether that earnings date's summary was posted. */
  earningsSummaryDone?: boolean;
  /** The UTC day the earnings calendar was last read (once a day is enough). */
  earningsCheckedDay?: string;
  pending?: { alertId: string; holderId: string; createdAtMs: number; alert: WatchAlert };
}
