/**
 * /concepts: the trending concepts card (`[top:N]`), help; digest subscriptions are handed to
 * their feature. Acks at once, then works.
 */
import type { Middleware, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { withCardActions } from '../kit/card-actions.js';
import { renderConceptsList } from './concepts-card.js';
import { withListStockNames } from './concept-stock-names.js';
import { renderUsage } from '../kit/help-card.js';
import { renderConceptsHelp } from './concepts-help.js';
import { parseConceptsArgs, type ConceptsArgs } from './parse-concepts-args.js';
import { requestContext } from '../kit/correlation-middleware.js';
import { handleListSubscriptions, handleSubscribe, handleUnsubscribe } from './digest/digest-subscriptions.js';
import { answerCommand, commandFailureTarget } from '../kit/answer-command.js';
import type { CommandContext } from '../kit/command-context.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import { withFailureReply } from '../kit/failure-reply.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { splitPublicFlag } from '../kit/public-flag.js';
import { retryOption } from '../kit/retry-value.js';

export function conceptsCommand(deps: ListenerDeps): Middleware<SlackCommandMiddlewareArgs> {
  return async ({ ack, command, respond, client, context }) => {
    await ack();
    const { correlationId, log, workspace } = requestContext(context, deps.logger);
    await runConceptsCommand(deps, { command, respond, client, log, correlationId, workspace });
  };
}

/** Parses and runs /concepts text; also what a Retry button runs again. Never throws. */
export async function runConceptsCommand(deps: ListenerDeps, ctx: CommandContext): Promise<void> {
  const flag = splitPublicFlag(ctx.command.text);
  const stripped = parseConceptsArgs(flag.text);
  // --public means something for the list only; elsewhere the parser reports it as unknown.
  const args = flag.public && stripped.kind !== 'list' ? parseConceptsArgs(ctx.command.text) : stripped;
  ctx.log.info('/concepts', { sub: args.kind, channel: ctx.command.channel_id });
  const subscriptionChange = args.kind === 'subscribe' || args.kind === 'unsubscribe';
  await withFailureReply(() => dispatch(deps, ctx, args, flag.public, flag.text.trim()), {
    ...commandFailureTarget(ctx),
    action: args.kind === 'list' ? 'the trending concepts' : `/concepts ${args.kind}`,
    ...(subscriptionChange ? {} : retryOption({ kind: 'command', command: '/concepts', text: ctx.command.text })),
  });
}

async function dispatch(deps: ListenerDeps, ctx: CommandContext, args: ConceptsArgs, isPublic: boolean, text: string): Promise<void> {
  if (args.kind === 'help') return respondEphemeral(ctx.respond, renderConceptsHelp());
  if (args.kind === 'usage') return respondEphemeral(ctx.respond, renderUsage(args));
  // Subscriptions too: a digest needs the service, so an unconnected workspace hears how to connect first.
  const service = await deps.workspaces.service(ctx.workspace);
  switch (args.kind) {
    case 'list': {
      const latest = await service.latestConcepts({ includeDocs: true, correlationId: ctx.correlationId });
      const concepts = await withListStockNames(service, latest, args.top, { call: { correlationId: ctx.correlationId }, log: ctx.log });
      // A private list offers Share in channel (share-card.ts runs `/concepts <text>` again).
      const card = withCardActions(renderConceptsList(concepts, { top: args.top }), {
        source: { command: '/concepts', text },
        share: !isPublic,
      });
      return answerCommand(ctx, card, isPublic ? 'public' : 'ephemeral');
    }
    // Other features' handlers.
    case 'subscribe':
      return handleSubscribe(deps, ctx, args);
    case 'unsubscribe':
      return handleUnsubscribe(deps, ctx, { channel: args.channel });
    case 'subscriptions':
      return handleListSubscriptions(deps, ctx);
  }
}
