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
import { financialsAction, financialsCardOffer, kindContext } from './financials-card.js';
import { renderFinancialsHelp } from './financials-help.js';
import { openFinancialsModal } from './modal/open-financials-modal.js';
import { isKindRequest, readFinancialsText, type KindRequest, type NotARequest } from './read-financials-text.js';
import { isServiceError } from '../../service/errors/service-error.js';
import type { StockSymbol } from '../../service/symbols.js';
import type { CallOptions, ResearchService } from '../../service/types.js';
import type { UsageResult } from '../kit/commands/usage-problem.js';
import type { SymbolUsage } from './args/symbol-usage.js';
import { checkSymbolKnown } from './fetch/check-symbol-known.js';
import { hasNoRecords } from './fetch/has-no-records.js';
import { teachSymbols, unknownRequestSymbol } from './fetch/unknown-symbol-problems.js';

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
  if (!isKindRequest(read) && read.kind === 'usage') return respondEphemeral(ctx.respond, renderUsage(await taughtUsage(deps, ctx, read)));
  // The modal too: better said before the user fills it in than after.
  const service = await deps.workspaces.service(ctx.workspace);
  if (!isKindRequest(read)) return openFinancialsModal(ctx.client, ctx.command.trigger_id, { channelId: ctx.command.channel_id });
  const { descriptor, args } = read;
  let data: Awaited<ReturnType<typeof descriptor.fetch>>;
  try {
    data = await descriptor.fetch(
      args,
      kindContext(service, { correlationId: ctx.correlationId, log: ctx.log, now: deps.clock() }, 'card'),
    );
  } catch (error) {
    // A not-found about the symbol typed is the user's mistake: said with the symbols the service knows, no reference.
    const unknown = isServiceError(error) && error.kind === 'not_found' ? await unknownSymbolOf(service, ctx, read) : undefined;
    if (!unknown) throw error;
    return respondEphemeral(ctx.respond, renderUsage(unknown));
  }
  // The real service answers an unknown symbol with empty lists: nothing at all is worth asking about.
  const unknown = hasNoRecords(data) ? await unknownSymbolOf(service, ctx, read) : undefined;
  if (unknown) return respondEphemeral(ctx.respond, renderUsage(unknown));
  const card = descriptor.card(data, args);
  return answerCommand(ctx, withCardActions(card, financialsCardOffer(read, isPublic)), isPublic ? 'public' : 'ephemeral');
}

/** The refusal, told which of the symbols and names typed the service knows; the parser's own when it cannot be asked. */
async function taughtUsage(deps: ListenerDeps, ctx: CommandContext, refusal: SymbolUsage): Promise<UsageResult> {
  if (!refusal.symbols?.length && !refusal.names?.length) return refusal;
  try {
    const service = await deps.workspaces.service(ctx.workspace);
    return await teachSymbols({ service, call: symbolCall(ctx), log: ctx.log }, refusal);
  } catch (error) {
    ctx.log.info('/financials: symbols not checked with the service', { error });
    return refusal;
  }
}

/** When the service does not know the request's symbol: the refusal that says so (undefined when it knows it or cannot say). */
async function unknownSymbolOf(service: ResearchService, ctx: CommandContext, read: KindRequest): Promise<UsageResult | undefined> {
  if (!('symbol' in read.args)) return undefined;
  const symbol: StockSymbol = read.args.symbol;
  const check = await checkSymbolKnown(service, symbol, symbolCall(ctx));
  if (check.kind !== 'unknown') return undefined;
  ctx.log.info('/financials: unknown symbol', { symbol: symbol.canonical });
  return unknownRequestSymbol({ service, call: symbolCall(ctx), log: ctx.log }, read.text, symbol);
}

const symbolCall = (ctx: CommandContext): CallOptions => ({ correlationId: ctx.correlationId });
