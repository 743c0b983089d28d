/**
 * What a run researches (pure): the question's own entities and intent, completed from the
 * conversation's earlier questions when it names no company ("what about its margins?" keeps the
 * companies; "and last year?" keeps the companies and the metrics too) or compares one new
 * company with them ("how does AMD compare?" under an NVIDIA answer is NVIDIA vs AMD). A
 * question naming nothing the demo data knows, in a conversation without companies, is not
 * understood: the report says so instead of answering about something else.
 */
import type { QuestionEntities } from './question-entities.js';
import type { Metric, PeriodHint, QuestionIntent } from './question-intent.js';

/**
 * Where the focus's companies come from: the question; the earlier questions (a follow-up naming
 * none); both (a follow-up comparing a new company with the earlier ones); a topic or industry.
 */
export type CompanySource = 'question' | 'earlier' | 'thread' | 'topic' | 'none';

export interface QuestionReading {
  entities: QuestionEntities;
  intent: QuestionIntent;
}

export interface QuestionFocus {
  companies: string[];
  companySource: CompanySource;
  indices: string[];
  topics: string[];
  uncovered: string[];
  metrics: Metric[];
  comparison: boolean;
  period: PeriodHint;
  /** False when the question names no company, index or topic, and no earlier turn gives one. */
  understood: boolean;
}

/** A report compares at most this many companies side by side. */
export const MAX_FOCUS_COMPANIES = 4;

/**
 * `earlier` is the conversation's earlier questions, oldest first. `topicCompanies` gives a
 * concept's companies (most relevant first).
 */
export function resolveFocus(
  current: QuestionReading,
  earlier: readonly QuestionReading[],
  topicCompanies: (topic: string) => string[],
): QuestionFocus {
  const { entities, intent } = current;
  const latestEarlier = <T>(pick: (r: QuestionReading) => T[]): T[] => {
    for (let i = earlier.length - 1; i >= 0; i--) {
      const found = pick(earlier[i] as QuestionReading);
      if (found.length > 0) return found;
    }
    return [];
  };
  const earlierCompanies = latestEarlier((r) => r.entities.companies);
  let companies: string[] = entities.companies;
  let companySource: CompanySource = 'question';
  if (companies.length === 0) {
    const namesSomethingElse = entities.topics.length > 0 || entities.indices.length > 0;
    if (entities.uncovered.length > 0) companySource = 'none';
    else if (earlierCompanies.length > 0 && (intent.refersBack || !namesSomethingElse)) {
      companies = earlierCompanies;
      companySource = 'earlier';
    } else if (entities.topics.length > 0) {
      companies = topicCompanies(entities.topics[0] ?? '').slice(0, 3);
      companySource = companies.length > 0 ? 'topic' : 'none';
    } else companySource = 'none';
  } else if (comparesWithThread(current, earlierCompanies)) {
    companies = [...earlierCompanies.filter((c) => !companies.includes(c)), ...companies];
    companySource = 'thread';
  }
  const followUp = companySource === 'earlier' || companySource === 'thread' || (intent.refersBack && earlier.length > 0);
  const metrics = intent.metrics.length > 0 || !followUp ? intent.metrics : latestEarlier((r) => r.intent.metrics);
  const limited = companies.slice(0, MAX_FOCUS_COMPANIES);
  return {
    companies: limited,
    companySource,
    indices: entities.indices,
    topics: entities.topics,
    uncovered: entities.uncovered,
    metrics,
    comparison: intent.comparison || limited.length > 1,
    period: intent.period,
    understood: limited.length > 0 || entities.indices.length > 0 || entities.topics.length > 0 || entities.uncovered.length > 0,
  };
}

/** "How does AMD compare?" after questions about NVIDIA: one company named, compared with others of the thread. */
function comparesWithThread(current: QuestionReading, earlierCompanies: readonly string[]): boolean {
  const named = current.entities.companies;
  return (
    current.intent.comparison &&
    named.length === 1 &&
    current.entities.uncovered.length === 0 &&
    earlierCompanies.some((c) => !named.includes(c))
  );
}
