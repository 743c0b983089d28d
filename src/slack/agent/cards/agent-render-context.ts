import type { CheckedFigures } from '../../../agent/state/checked-figures.js';
import type { AnswerLanguage } from '../../../language/answer-language.js';

/** What the agent renderers know besides the run view. */
export interface AgentRenderContext {
  /** Our run id: the Cancel button's value. */
  runId: string;
  /** The service conversation ('' before it exists): the feedback buttons' value. */
  conversationId?: string;
  /** Slack user who asked. */
  askerUserId: string;
  /** The service's web page for the conversation, when it gave one. */
  conversationUrl?: string;
  /** The caller's clock, for the live elapsed time. */
  nowMs: number;
  /** A run against demo data (the playground): labelled as such. */
  demo?: boolean;
  /** Hosts whose links in agent text may keep a plain label (the service's, the document domains). */
  trustedLinkHosts?: readonly string[];
  /** The operator turned on token usage under answers (AGENT_USAGE_FOOTER=on). */
  showUsage?: boolean;
  /**
   * The answer's language, from the question (or the asker's Slack locale): every word we add
   * follows it. Absent: the language the answer is written in (answer-words.ts).
   */
  language?: AnswerLanguage;
  /** The check of the report's figures (final render of a completed run): its "Figures checked" section. */
  figures?: CheckedFigures;
  /** The service's id of the answer (final render): Save as canvas names it with the conversation. */
  assistantMessageId?: string;
}

export const CANCEL_ACTION_ID = 'agent_run_cancel';

/** "45s", "3m 12s", "1h 05m". */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** A Slack user id we may mention (our own data, never agent text). */
export function isSlackUserId(id: string | undefined): id is string {
  return id !== undefined && /^[UW][A-Z0-9]{2,20}$/.test(id);
}
