/**
 * A tool's answer, both ways MCP carries it: text for a model or a person to read, and the same
 * data as `structuredContent` for a client that reads fields (checked against the tool's output
 * schema). Every string from the service or the agent goes through `plainText`: Slackbot shows
 * tool answers in Slack, where `<!here>` or `<@U…>` must stay inert.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/server/tools#structured-content
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { plainText } from '../blocks/escape.js';

/** Text and structured data of a successful call. */
export function toolSuccess(text: string, data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: plainText(text) }], structuredContent: inertStrings(data) as Record<string, unknown> };
}

/** A tool error (isError): the message says what was wrong and how to fix it. */
export function toolFailure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: plainText(message) }], isError: true };
}

/** Every string in the value made inert for Slack (invisible changes only); other values as they are. */
function inertStrings(value: unknown): unknown {
  if (typeof value === 'string') return plainText(value);
  if (Array.isArray(value)) return value.map(inertStrings);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inertStrings(v)]));
  }
  return value;
}
