/**
 * The frame of every tool call: which workspace it acts for (the token's, or Slack's signed
 * identity), the call's correlation id and cancellation, and any failure as a tool error in the
 * slash commands' own words (operationFailure), logged once with its reference. Nothing thrown
 * reaches the SDK, which would put a raw error message into the answer.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../../observability/logger.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { DeskOperations, OperationCall } from '../kit/operations/desk-operations.js';
import { operationFailure } from '../kit/operations/operation-failure.js';
import { type CallIdentity, callIdentityOf, type McpCaller } from './mcp-caller.js';
import { toolFailure } from './mcp-tool-result.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What every tool of one request may use. */
export interface McpToolContext {
  deps: ListenerDeps;
  operations: DeskOperations;
  caller: McpCaller;
  log: Logger;
  correlationId: string;
}

export interface ToolRun {
  identity: CallIdentity;
  call: Required<Pick<OperationCall, 'correlationId'>> & OperationCall;
  log: Logger;
}

const NO_WORKSPACE =
  'This call names no Slack workspace. Slackbot sends its user’s workspace with each call; other clients use a token from Research Desk’s Home tab.';

/** `action` names what was done in the user's words ("the search"), for the failure message. */
export async function runMcpTool(
  ctx: McpToolContext,
  extra: ToolExtra,
  tool: string,
  action: string,
  work: (run: ToolRun) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const identity = callIdentityOf(ctx.caller, extra._meta);
  const log = ctx.log.child({ tool, ...(identity ? { team: identity.workspace.teamId } : {}) });
  if (!identity) {
    log.info('tool call without a workspace refused');
    return toolFailure(NO_WORKSPACE);
  }
  const call = { correlationId: ctx.correlationId, signal: extra.signal, log };
  try {
    const result = await work({ identity, call, log });
    log.info('tool call answered', { isError: result.isError === true });
    return result;
  } catch (error) {
    const failure = operationFailure(error, { correlationId: ctx.correlationId, action });
    if (failure.code.startsWith('input_')) log.info('tool input refused', { code: failure.code, field: failure.field });
    else if (failure.code === 'internal') log.error('tool call failed', { code: failure.code, error });
    else log.warn('tool call failed', { code: failure.code, retryable: failure.retryable, error });
    return toolFailure(failure.message);
  }
}
