/**
 * The agent view's thread methods (assistant.threads.*) and agent sessions (agents.sessions.*):
 * what they accept, the errors Slack gives, and what they leave in the emulator's state.
 * @see https://docs.slack.dev/reference/methods/assistant.threads.setStatus
 * @see https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts
 * @see https://docs.slack.dev/reference/methods/assistant.threads.setTitle
 * @see https://docs.slack.dev/reference/methods/agents.sessions.setStatus
 * @see https://docs.slack.dev/reference/events/agent_session_stopped
 */
import { AGENT_SESSION_STATUSES, AgentViewState, type AgentSessionStatus, type SuggestedPrompt } from '../agent-view-state.js';
import { SlackApiError } from '../errors.js';
import type { SlackChannel } from '../slack-channel.js';
import { slackLimits } from '../validation/limits.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';

const invalid = (message: string): SlackApiError => new SlackApiError('invalid_arguments', { messages: [message] });

function channelOf(ctx: ApiContext): SlackChannel {
  const channel = ctx.state.resolveChannel(ctx.args.need('channel_id', 'channel_not_found'), ctx.auth.reach);
  if (channel === undefined) throw new SlackApiError('channel_not_found');
  return channel;
}

/** A thread_ts that must name a message of the channel (Slack: `thread_not_found`). */
function threadOf(ctx: ApiContext, channel: SlackChannel, required: boolean): string | undefined {
  const ts = ctx.args.str('thread_ts');
  if (ts === undefined || ts === '') {
    if (required) throw invalid('missing required field: thread_ts');
    return undefined;
  }
  if (ctx.state.findMessage(channel.id, ts) === undefined) throw new SlackApiError('thread_not_found');
  return ts;
}

function setStatus(ctx: ApiContext): ApiResult {
  const channel = channelOf(ctx);
  const threadTs = ctx.args.need('thread_ts');
  const status = ctx.args.str('status');
  if (status === undefined) throw invalid('missing required field: status');
  let loading: string[] | undefined;
  if (ctx.args.has('loading_messages')) {
    const parsed = parseJsonArg(ctx.args.value('loading_messages'));
    if (!parsed.ok || !Array.isArray(parsed.value) || !parsed.value.every((m) => typeof m === 'string')) {
      throw invalid('loading_messages must be an array of strings');
    }
    if (parsed.value.length > slackLimits.loadingMessages) {
      throw invalid(`loading_messages must provide no more than ${slackLimits.loadingMessages} items`);
    }
    loading = parsed.value as string[];
  }
  ctx.state.statuses.set(`${channel.id}:${threadTs}`, { status, loading_messages: loading, at: ctx.now });
  ctx.state.changed({ kind: 'status', channel: channel.id });
  return { ok: true };
}

function parsePrompts(value: unknown): SuggestedPrompt[] {
  const parsed = parseJsonArg(value);
  if (!parsed.ok || !Array.isArray(parsed.value)) throw invalid('prompts must be an array');
  const prompts = parsed.value as unknown[];
  if (prompts.length === 0) throw invalid('prompts must provide at least 1 item');
  if (prompts.length > slackLimits.suggestedPrompts) {
    throw invalid(`prompts must provide no more than ${slackLimits.suggestedPrompts} items`);
  }
  return prompts.map((p, i) => {
    const { title, message } = (p ?? {}) as Record<string, unknown>;
    if (typeof title !== 'string' || title.trim() === '') throw invalid(`prompts[${i}].title must be a non-empty string`);
    if (typeof message !== 'string' || message.trim() === '') throw invalid(`prompts[${i}].message must be a non-empty string`);
    return { title, message };
  });
}

/** thread_ts is optional (since @slack/web-api 7.18.0): without it the prompts are the DM's. */
function setSuggestedPrompts(ctx: ApiContext): ApiResult {
  const channel = channelOf(ctx);
  if (!ctx.args.has('prompts')) throw invalid('missing required field: prompts');
  const prompts = parsePrompts(ctx.args.value('prompts'));
  const threadTs = threadOf(ctx, channel, false);
  const title = ctx.args.str('title');
  ctx.state.agentView.thread(channel.id, threadTs).suggestedPrompts = {
    prompts,
    at: ctx.now,
    ...(title !== undefined && title !== '' ? { title } : {}),
  };
  ctx.state.changed({ kind: 'agent_view', channel: channel.id });
  return { ok: true };
}

function setTitle(ctx: ApiContext): ApiResult {
  const channel = channelOf(ctx);
  const threadTs = threadOf(ctx, channel, true);
  const title = ctx.args.need('title');
  ctx.state.agentView.thread(channel.id, threadTs).title = title;
  ctx.state.changed({ kind: 'agent_view', channel: channel.id });
  return { ok: true };
}

function sessionTitle(ctx: ApiContext, required: boolean): string | undefined {
  const title = ctx.args.str('title');
  if (title === undefined || title === '') {
    if (required) throw invalid('missing required field: title');
    return undefined;
  }
  if (title.length > slackLimits.agentSessionTitleChars) {
    throw invalid(`title must be no longer than ${slackLimits.agentSessionTitleChars} characters`);
  }
  return title;
}

/** Creates the session on first use (title and initiator only count then); moves it to `status`. */
function sessionsSetStatus(ctx: ApiContext): ApiResult {
  const channel = channelOf(ctx);
  const threadTs = threadOf(ctx, channel, true);
  const status = ctx.args.need('status');
  if (!(AGENT_SESSION_STATUSES as readonly string[]).includes(status)) {
    throw invalid(`status must be one of ${AGENT_SESSION_STATUSES.join(', ')}`);
  }
  const title = sessionTitle(ctx, false);
  const key = AgentViewState.key(channel.id, threadTs);
  const existing = ctx.state.agentView.sessions.get(key);
  const next = status as AgentSessionStatus;
  if (existing === undefined) {
    const initiator = ctx.args.str('initiator_user_id');
    ctx.state.agentView.sessions.set(key, {
      status: next,
      history: [next],
      at: ctx.now,
      ...(title !== undefined ? { title } : {}),
      ...(initiator ? { initiatorUserId: initiator } : {}),
    });
  } else {
    existing.status = next;
    existing.history.push(next);
    existing.at = ctx.now;
  }
  ctx.state.changed({ kind: 'agent_view', channel: channel.id });
  const result: ApiResult = { ok: true, status: next };
  // Without the event the user gets a loading indicator with no Stop button.
  if (!ctx.config.subscribedEvents.has('agent_session_stopped')) {
    const warning = 'missing_agent_session_stopped_event_subscription';
    return { ...result, warning, response_metadata: { warnings: [warning] } };
  }
  return result;
}

function sessionsRename(ctx: ApiContext): ApiResult {
  const channel = channelOf(ctx);
  const threadTs = threadOf(ctx, channel, true);
  const title = sessionTitle(ctx, true) as string;
  const session = ctx.state.agentView.sessions.get(AgentViewState.key(channel.id, threadTs));
  if (session === undefined) throw new SlackApiError('session_not_found');
  session.title = title;
  ctx.state.changed({ kind: 'agent_view', channel: channel.id });
  return { ok: true, title };
}

export const agentViewMethods: Record<string, ApiMethod> = {
  'assistant.threads.setStatus': { handler: setStatus, token: 'bot' },
  'assistant.threads.setSuggestedPrompts': { handler: setSuggestedPrompts, token: 'bot', scope: 'assistant:write' },
  'assistant.threads.setTitle': { handler: setTitle, token: 'bot', scope: 'assistant:write' },
  'agents.sessions.setStatus': { handler: sessionsSetStatus, token: 'bot' },
  'agents.sessions.rename': { handler: sessionsRename, token: 'bot' },
};
