/**
 * /financials: the card of whichever kind the text asks for (kinds/registry.ts), help, a usage
 * message, or, with no arguments, the modal (its trigger id must be used within 3 s, so that
 * happens first).
 */
import type { Middleware, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { renderUsage } from '../kit/help-card.js';
import { requestContext } from '../kit/correlation-middleware.js';
import { answerCommand, commandFailureTarget } from '../kit/answer-command.js';
import type { CommandContext } from '../kit/command-context.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import { withFailureReply } from '../kit/failure-reply.js';
import { withCardActions } from '../kit/card-actions.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { splitPublicFlag } from '../kit/public-flag.js';
import { retryOption } from '../kit/retry-value.js';
import { fetchFinancialsCard, financialsAction, financialsCardOffer } from './financials-card.js';
import { renderFinancialsHelp } from './financials-help.js';
import { openFinancialsModal } from './modal/open-financials-modal.js';
import { isKindRequest, readFinancialsText, type KindRequest, type NotARequest } from './read-financials-text.js';

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
  const read = readFinancialsText(flag.text, new Date(deps.clock()));
  ctx.log.info('/financials', { sub: isKindRequest(read) ? read.args.kind : read.kind, channel: ctx.command.channel_id });
  await withFailureReply(() => answer(deps, ctx, read, flag.public), {
    ...commandFailureTarget(ctx),
    action: isKindRequest(read) ? financialsAction(read) : '/financials',
    ...retryOption({ kind: 'command', command: '/financials', text: ctx.command.text }),
  });
}

async function answer(deps: ListenerDeps, ctx: CommandContext, read: KindRequest | NotARequest, isPublic: boolean): Promise<void> {
  if (!isKindRequest(read) && read.kind === 'help') return respondEphemeral(ctx.respond, renderFinancialsHelp());
  if (!isKindRequest(read) && read.kind === 'usage') return respondEphemeral(ctx.respond, renderUsage(read));
  // The modal too: better said before the user fills it in than after.
  const service = await deps.workspaces.service(ctx.workspace);
  if (!isKindRequest(read)) return openFinancialsModal(ctx.client, ctx.command.trigger_id, { channelId: ctx.command.channel_id });
  const card = await fetchFinancialsCard(service, read, { correlationId: ctx.correlationId, log: ctx.log, now: deps.clock() });
  return answerCommand(ctx, withCardActions(card, financialsCardOffer(read, isPublic)), isPublic ? 'public' : 'ephemeral');
}
