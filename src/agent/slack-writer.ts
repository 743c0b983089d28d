/**
 * Kept only so the Slack API files still at src/agent/ (web-client-writer, rate-limits,
 * rate-budget, moving to src/slack-api/) resolve; the writer interface lives in sinks/.
 */
export * from './sinks/slack-writer.js';
