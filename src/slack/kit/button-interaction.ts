/**
 * One shape for a click on a button of our cards, whatever Bolt delivered, and the listener
 * wrapper every button of this feature shares: ack at once, then work; any failure becomes an
 * ephemeral message (with Retry when a retry can help) and a log line with the correlation id.
 */
import type { BlockAction, ButtonAction, Middleware, RespondFn, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../observability/logger.js';
import type { WorkspaceRef } from '../../workspaces/workspace-ref.js';
import { requestContext } from './correlation-middleware.js';
import { withFailureReply } from './failure-reply.js';
import type { ListenerDeps } from './listener-deps.js';
import { retryOption } from './retry-value.js';

export type ButtonClick = BlockAction<ButtonAction>;

export interface ButtonInteraction {
  /** As clicked, with any index suffix (`rd.search.summary:2`). */
  actionId: string;
  value: string | undefined;
  userId: string;
  teamId?: string;
  /** The clicker's own team when it is another than the workspace's (Slack Connect). */
  userTeamId?: string;
  channelId?: string;
  /** The card was ephemeral: it has no thread, and only the clicker sees it. */
  isEphemeral: boolean;
  /** Where a reply to a public card goes: its thread (the card's own ts when it is a root). */
  threadTs?: string;
  /** For a modal a click may open (valid for 3 s). */
  triggerId?: string;
  respond: RespondFn;
  client: WebClient;
  log: Logger;
  correlationId: string;
  /** The workspace the click came from. */
  workspace: WorkspaceRef;
}

export type ButtonHandler = (deps: ListenerDeps, click: ButtonInteraction) => Promise<void>;

export function buttonInteraction(
  args: SlackActionMiddlewareArgs<ButtonClick> & { client: WebClient; context: Record<string, unknown> },
  fallbackLog: Logger,
): ButtonInteraction {
  const { body, action, respond, client, context } = args;
  const { correlationId, log, workspace } = requestContext(context, fallbackLog);
  const message = body.message;
  const isEphemeral = body.container?.is_ephemeral === true || message === undefined;
  const threadTs = isEphemeral || !message ? undefined : typeof message.thread_ts === 'string' ? message.thread_ts : message.ts;
  const teamId = body.team?.id ?? body.user.team_id;
  const userTeamId = body.user.team_id && body.user.team_id !== teamId ? body.user.team_id : undefined;
  const channelId = body.channel?.id ?? (typeof body.container?.channel_id === 'string' ? body.container.channel_id : undefined);
  return {
    actionId: action.action_id,
    value: action.value,
    userId: body.user.id,
    ...(teamId ? { teamId } : {}),
    ...(userTeamId ? { userTeamId } : {}),
    ...(channelId ? { channelId } : {}),
    isEphemeral,
    ...(threadTs ? { threadTs } : {}),
    ...(body.trigger_id ? { triggerId: body.trigger_id } : {}),
    respond,
    client,
    log,
    correlationId,
    workspace,
  };
}

/** What the failure message calls the action ("the summary"). */
export interface ButtonListenerOptions {
  action: string;
  /** Base action id used to press this button again from a Retry button. */
  retryAs?: string;
}

/** Runs a click with the shared failure handling. Never throws. */
export async function runButton(
  deps: ListenerDeps,
  click: ButtonInteraction,
  handler: ButtonHandler,
  options: ButtonListenerOptions,
): Promise<void> {
  click.log.info('button', { action_id: click.actionId, ephemeral: click.isEphemeral });
  await withFailureReply(() => handler(deps, click), {
    respond: click.respond,
    log: click.log,
    correlationId: click.correlationId,
    action: options.action,
    ...(click.channelId
      ? {
          postEphemeral: {
            client: click.client,
            channel: click.channelId,
            user: click.userId,
            // A user of another organisation is reached with their own team (Slack Connect).
            ...(click.userTeamId ? { recipientTeamId: click.userTeamId } : {}),
          },
        }
      : {}),
    ...(options.retryAs && click.value !== undefined
      ? retryOption({
          kind: 'action',
          actionId: options.retryAs,
          value: click.value,
          ...(click.threadTs ? { threadTs: click.threadTs } : {}),
        })
      : {}),
  });
}

/** The Bolt listener for one kind of button: ack first, then the handler. */
export function buttonListener(
  deps: ListenerDeps,
  handler: ButtonHandler,
  options: ButtonListenerOptions,
): Middleware<SlackActionMiddlewareArgs<ButtonClick>> {
  return async (args) => {
    await args.ack();
    await runButton(deps, buttonInteraction(args, deps.logger), handler, options);
  };
}
