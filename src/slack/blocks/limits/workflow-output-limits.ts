/**
 * The size of a Workflow Builder step's outputs (functions.completeSuccess `outputs`). Slack
 * documents no limit on an output's value; a later step usually posts it in a message, so ours
 * (all "Ours") keep each output within what one message shows: a rich_text output's text within
 * a section's 3,000 characters per element and the message's 40,000 in all, a string output
 * within a message's text.
 * @see https://docs.slack.dev/reference/methods/functions.completeSuccess
 * @see https://docs.slack.dev/reference/methods/chat.postMessage (text: 40,000 characters; 4,000 advised)
 */
export const WORKFLOW_OUTPUT_LIMITS = {
  /** Ours: characters of one rich text element (a title, a table). */
  elementChars: 3000,
  /** Ours: items of a list output (search results, concepts); the operations return at most 20. */
  listItems: 20,
  /** Ours: reports of the earnings calendar output, one line each (the /financials card's table shows at most 99). */
  calendarReports: 99,
  /** Ours: characters of a string output (the agent's answer): a message's advised text length. */
  stringChars: 4000,
  /** Ours: the error a failed step shows (functions.completeError `error`), a few sentences. */
  errorChars: 1000,
} as const;
