/**
 * /financials: a company snapshot, a statement, the revenue mix or an index card; no arguments
 * opens the modal (its trigger id must be used within 3 s, so that happens first).
 */
import type { Middleware, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { renderFinancialsHelp, renderUsage } from '../kit/help-card.js';
import { parseFinancialsArgs, type FinancialsArgs } from './args/parse-financials-args.js';
import { requestContext } from '../kit/correlation-middleware.js';
import { answerCommand, commandFailureTarget } from '../kit/answer-command.js';
import type { CommandContext } from '../kit/command-context.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import { withFailureReply } from '../kit/failure-reply.js';
import { fetchFinancialsCard, financialsAction } from './fetch/fetch-financials-card.js';
import { financialsCardOffer } from './fetch/financials-card-offer.js';
import { withCardActions } from '../kit/card-actions.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { splitPublicFlag } from '../kit/public-flag.js';
import { retryOption } from '../kit/retry-value.js';
import { openFinancialsModal } from './modal/open-financials-modal.js';

export function financialsCommand(deps: ListenerDeps): Middleware<SlackCommandMiddlewareArgs> {
  return async ({ ack, command, respond, client, context }) => {
    await ack();
    const { correlationId, log, workspace } = requestContext(context, deps.logger);
    await runFinancialsCommand(deps, { command, respond, client, log, correlationId, workspace });
  };
}

/** Parses and runs /financials text; also what a Retry button runs again. Never throws. */
export async function runFinancialsCommand(deps: ListenerDeps, ctx: CommandContext): Promise<void> {
  const flag = splitPublicFlag(ctx.command.text);
  const args = parseFinancialsArgs(flag.text, new Date(deps.clock()));
  ctx.log.info('/financials', { sub: args.kind, channel: ctx.command.channel_id });
  await withFailureReply(() => dispatch(deps, ctx, args, flag.public, flag.text), {
    ...commandFailureTarget(ctx),
    action: args.kind === 'help' || args.kind === 'usage' || args.kind === 'modal' ? '/financials' : financialsAction(args),
    ...retryOption({ kind: 'command', command: '/financials', text: ctx.command.text }),
  });
}

async function dispatch(deps: ListenerDeps, ctx: CommandContext, args: FinancialsArgs, isPublic: boolean, text: string): Promise<void> {
  if (args.kind === 'help') return respondEphemeral(ctx.respond, renderFinancialsHelp());
  if (args.kind === 'usage') return respondEphemeral(ctx.respond, renderUsage(args));
  // The modal too: better said before the user fills it in than after.
  const service = await deps.workspaces.service(ctx.workspace);
  switch (args.kind) {
    case 'modal':
      return openFinancialsModal(ctx.client, ctx.command.trigger_id, { channelId: ctx.command.channel_id });
    default: {
      const card = await fetchFinancialsCard(service, args, { correlationId: ctx.correlationId, log: ctx.log, now: deps.clock() });
      const offered = withCardActions(card, financialsCardOffer(args, text.trim(), isPublic));
      return answerCommand(ctx, offered, isPublic ? 'public' : 'ephemeral');
    }
  }
}
