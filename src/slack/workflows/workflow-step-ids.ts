/**
 * The callback ids of the app's Workflow Builder steps: manifest.yml `functions.<callback_id>`
 * declares each (test/manifest.test.ts keeps both equal), and each is registered once with
 * `app.function` (register.ts).
 * @see https://docs.slack.dev/workflows/workflow-steps
 */
export const WORKFLOW_STEP_IDS = {
  searchResearch: 'search_research',
  companyFinancials: 'company_financials',
  askResearchAgent: 'ask_research_agent',
  trendingConcepts: 'trending_concepts',
  earningsCalendar: 'earnings_calendar',
} as const;

export type WorkflowStepId = (typeof WORKFLOW_STEP_IDS)[keyof typeof WORKFLOW_STEP_IDS];
