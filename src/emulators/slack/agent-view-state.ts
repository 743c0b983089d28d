/**
 * What the app set on agent view threads and agent sessions: suggested prompts, thread titles and
 * session statuses, by `${channel}:${thread_ts}` (thread_ts '' for prompts set on the whole DM).
 * Transient like the call log: a restart of the playground starts with none.
 * @see https://docs.slack.dev/ai/developing-agents
 */
export interface SuggestedPrompt {
  title: string;
  message: string;
}

export interface AgentThreadRecord {
  /** The prompts shown above the composer, newest call wins. */
  suggestedPrompts?: { title?: string; prompts: SuggestedPrompt[]; at: number };
  /** assistant.threads.setTitle */
  title?: string;
}

export type AgentSessionStatus = 'active' | 'processing' | 'suspended' | 'closed';
export const AGENT_SESSION_STATUSES: readonly AgentSessionStatus[] = ['active', 'processing', 'suspended', 'closed'];

export interface AgentSessionRecord {
  status: AgentSessionStatus;
  /** Every status the app set, oldest first (tests read how a session went). */
  history: AgentSessionStatus[];
  title?: string;
  initiatorUserId?: string;
  at: number;
}

export class AgentViewState {
  readonly threads = new Map<string, AgentThreadRecord>();
  readonly sessions = new Map<string, AgentSessionRecord>();

  static key(channel: string, threadTs: string | undefined): string {
    return `${channel}:${threadTs ?? ''}`;
  }

  thread(channel: string, threadTs: string | undefined): AgentThreadRecord {
    const key = AgentViewState.key(channel, threadTs);
    let record = this.threads.get(key);
    if (record === undefined) {
      record = {};
      this.threads.set(key, record);
    }
    return record;
  }

  clear(): void {
    this.threads.clear();
    this.sessions.clear();
  }
}
