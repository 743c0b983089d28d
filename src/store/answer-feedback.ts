/**
 * 👍/👎 on agent answers: one record per user and answer (the Slack message carrying the
 * feedback buttons), so a second click changes the vote and never counts twice. Totals are
 * counted from the records themselves rather than kept as separate counters: two copies of a
 * fact drift apart when a process dies between writing one and the other.
 */
import { keys, TTL } from './keys.js';
import { readJsonRecord, updateJsonRecord } from './json-record.js';
import type { StateStore } from './state-store.js';

export type FeedbackVote = 'positive' | 'negative';

/** Which answer was rated: where its message is in Slack, and the run and service answer behind it. */
export interface AnswerRef {
  teamId: string;
  channelId: string;
  /** The message with the feedback buttons (the answer's last part). */
  messageTs: string;
  /** The service's conversation, as decimal text ('' when unknown). */
  conversationId: string;
  /** The service's answer message id ('' when unknown). */
  assistantMessageId: string;
  /** Our run ('' when the message did not say). */
  runId: string;
}

export interface FeedbackRecord extends AnswerRef {
  userId: string;
  vote: FeedbackVote;
  votedAtMs: number;
  /** What was wrong, from the 👎 modal. */
  comment?: string;
  commentedAtMs?: number;
}

export interface FeedbackTotals {
  positive: number;
  negative: number;
}

/** Told of each vote recorded, as it is (the metrics' counters): never a scan of the records. */
export type VoteListener = (vote: FeedbackVote, previous: FeedbackVote | null) => void;

export class AnswerFeedback {
  private readonly voteListeners: VoteListener[] = [];

  constructor(
    private readonly store: StateStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Records the user's vote on the answer; `previous` is the vote it replaced (null for a first vote). */
  async vote(answer: AnswerRef, userId: string, vote: FeedbackVote): Promise<{ record: FeedbackRecord; previous: FeedbackVote | null }> {
    let previous: FeedbackVote | null = null;
    const record = await updateJsonRecord<FeedbackRecord>(
      this.store,
      this.keyOf(answer, userId),
      (current) => {
        previous = current?.vote ?? null;
        if (current?.vote === vote) return undefined;
        return { ...current, ...answer, userId, vote, votedAtMs: this.clock() };
      },
      TTL.answerFeedbackMs,
    );
    // The same vote again changed nothing: not counted twice.
    if (previous !== vote) for (const listener of this.voteListeners) listener(vote, previous);
    // updateJsonRecord returns what is stored; it is never null after a vote.
    return { record: record as FeedbackRecord, previous };
  }

  /** Adds a listener told of every vote this process records from now on. */
  onVote(listener: VoteListener): void {
    this.voteListeners.push(listener);
  }

  /** Adds what was wrong to the user's vote; null when the user has no vote on this answer. */
  async comment(
    answer: Pick<AnswerRef, 'teamId' | 'channelId' | 'messageTs'>,
    userId: string,
    comment: string,
  ): Promise<FeedbackRecord | null> {
    return updateJsonRecord<FeedbackRecord>(
      this.store,
      this.keyOf(answer, userId),
      (current) => (current === null ? undefined : { ...current, comment, commentedAtMs: this.clock() }),
      TTL.answerFeedbackMs,
    );
  }

  async get(answer: Pick<AnswerRef, 'teamId' | 'channelId' | 'messageTs'>, userId: string): Promise<FeedbackRecord | null> {
    return readJsonRecord<FeedbackRecord>(this.store, this.keyOf(answer, userId));
  }

  /** 👍/👎 totals of one workspace, or of all of them: reads every vote record (App Home's figures; never per scrape). */
  async totals(teamId?: string): Promise<FeedbackTotals> {
    const found = await this.store.keys(keys.answerFeedbackPrefix(teamId));
    const records = await Promise.all(found.map((key) => readJsonRecord<FeedbackRecord>(this.store, key)));
    const totals: FeedbackTotals = { positive: 0, negative: 0 };
    for (const record of records) if (record) totals[record.vote] += 1;
    return totals;
  }

  private keyOf(answer: Pick<AnswerRef, 'teamId' | 'channelId' | 'messageTs'>, userId: string): string {
    return keys.answerFeedback(answer.teamId, answer.channelId, answer.messageTs, userId);
  }
}
