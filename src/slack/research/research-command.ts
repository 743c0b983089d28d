/**
 * /research: document search (v2 by default, v1 for its filters), news, passages, help; the
 * agent, folder and tag subcommands are handed to their features. Acks at once, then works.
 */
import type { Middleware, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { withCardActions } from '../kit/card-actions.js';
import { renderPassages } from './cards/passages-card.js';
import { renderUsage } from '../kit/help-card.js';
import { renderResearchHelp } from './research-help.js';
import { parseResearchArgs, type ResearchArgs } from './parse-research-args.js';
import { requestContext } from '../kit/correlation-middleware.js';
import { answerCommand, commandFailureTarget } from '../kit/answer-command.js';
import type { CommandContext } from '../kit/command-context.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import { withFailureReply } from '../kit/failure-reply.js';
import { fetchSearchCard } from './fetch-search-card.js';
import type { ResearchHandoffs } from '../kit/feature-hooks.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { handleTagLookup } from './tag-lookup.js';
import { retryOption } from '../kit/retry-value.js';
import {
  folderPassages,
  folderSearch,
  foldersOfCommand,
  namedDocPassages,
  ownFilePassages,
  refusedFilesToExternalUser,
} from './folder-scope.js';
import { uploadedFileLabeler } from './uploaded-file-labels.js';

export function researchCommand(deps: ListenerDeps, handoffs: ResearchHandoffs): Middleware<SlackCommandMiddlewareArgs> {
  return async ({ ack, command, respond, client, context }) => {
    await ack();
    const { correlationId, log, workspace } = requestContext(context, deps.logger);
    await runResearchCommand(deps, { command, respond, client, log, correlationId, workspace }, handoffs);
  };
}

const WRITES: ReadonlySet<ResearchArgs['kind']> = new Set(['ask', 'folder_create', 'folder_delete', 'watch']);

function actionName(args: ResearchArgs): string {
  switch (args.kind) {
    case 'news':
      return 'the news search';
    case 'passages':
      return 'the passage search';
    case 'search':
      return 'the search';
    case 'watches':
      return 'listing the watches';
    default:
      return `/research ${args.kind.replace('_', ' ')}`;
  }
}

/**
 * Parses and runs /research text; also what a Retry button runs again. Never throws. Subcommands
 * of other features (ask, replay, folders, watches) go to them through `handoffs`.
 */
export async function runResearchCommand(deps: ListenerDeps, ctx: CommandContext, handoffs: ResearchHandoffs): Promise<void> {
  const args = parseResearchArgs(ctx.command.text, new Date(deps.clock()));
  // One line per command (each costs a write to stdout): a search says here how it was routed.
  const route = args.kind === 'search' ? { api: args.api, reason: args.routeReason } : {};
  ctx.log.info('/research', { sub: args.kind, channel: ctx.command.channel_id, ...route });
  await withFailureReply(() => dispatch(deps, ctx, args, handoffs), {
    ...commandFailureTarget(ctx),
    action: actionName(args),
    // Writes whose outcome is unknown after a timeout are not offered again with one click.
    ...(WRITES.has(args.kind) ? {} : retryOption({ kind: 'command', command: '/research', text: ctx.command.text })),
  });
}

async function dispatch(deps: ListenerDeps, ctx: CommandContext, args: ResearchArgs, handoffs: ResearchHandoffs): Promise<void> {
  const call = { correlationId: ctx.correlationId };
  if (args.kind === 'help') return respondEphemeral(ctx.respond, renderResearchHelp());
  if (args.kind === 'usage') return respondEphemeral(ctx.respond, renderUsage(args));
  // Every other subcommand works with the workspace's service: an unconnected one hears how to connect.
  const service = await deps.workspaces.service(ctx.workspace);
  switch (args.kind) {
    case 'search': {
      if (args.api === 'v1' && !args.folders && (await refusedFilesToExternalUser(deps, ctx, args.request))) return;
      const request = args.folders ? await folderSearch(deps, ctx, args.request, args.folders) : args.request;
      if (request === undefined) return;
      const visibility = args.public ? 'public' : 'ephemeral';
      const state = args.api === 'v2' ? { k: 'v2' as const, r: args.request, p: 1 } : { k: 'v1' as const, r: request, p: 1 };
      const options = {
        visibility,
        correlationId: ctx.correlationId,
        fileLabels: uploadedFileLabeler(deps.stores, { teamId: ctx.command.team_id, userId: ctx.command.user_id, client: ctx.client }),
      } as const;
      return answerCommand(ctx, await fetchSearchCard(service, state, options), visibility);
    }
    case 'news': {
      const visibility = args.public ? 'public' : 'ephemeral';
      const card = await fetchSearchCard(service, { k: 'news', r: args.request, p: 1 }, { visibility, correlationId: ctx.correlationId });
      return answerCommand(ctx, card, visibility);
    }
    case 'passages': {
      const request = args.folders
        ? await folderPassages(deps, ctx, args.request, args.folders)
        : args.request.categories?.includes('files')
          ? await ownFilePassages(deps, ctx, args.request)
          : await namedDocPassages(deps, ctx, service, args.request);
      if (request === undefined) return;
      const chunks = await service.searchChunks(request, call);
      // A private card offers Share in channel (share-card.ts runs `/research <text>` again).
      const card = withCardActions(renderPassages(chunks, { query: args.request.query }), {
        source: { command: '/research', text: ctx.command.text.trim() },
        share: !args.public,
      });
      return answerCommand(ctx, card, args.public ? 'public' : 'ephemeral');
    }
    // Other features' subcommands (src/slack/kit/feature-hooks.ts).
    case 'ask':
      await handoffs.ask(deps, { ...ctx, question: args.question });
      return;
    case 'replay':
      return handoffs.replay(deps, {
        ...ctx,
        conversationId: args.conversationId,
        ...(args.assistantMessageId ? { assistantMessageId: args.assistantMessageId } : {}),
      });
    case 'folder_create':
      return handoffs.folderCreate(deps, ctx, { name: args.name });
    case 'folder_delete':
      return handoffs.folderDelete(deps, ctx, { folderId: args.folderId });
    case 'folder_show': {
      if (args.folder === undefined) return handoffs.folderShow(deps, ctx, {});
      const [folder] = (await foldersOfCommand(deps, ctx, [args.folder], { search: false })) ?? [];
      return folder ? handoffs.folderShow(deps, ctx, { folder: folder.folderId }) : undefined;
    }
    case 'tag':
      if (await refusedFilesToExternalUser(deps, ctx, args.request)) return;
      return handleTagLookup(deps, ctx, { request: args.request, public: args.public });
    case 'watch':
      return handoffs.watch(deps, ctx, args);
    case 'watches':
      return handoffs.watches(deps, ctx, { channel: args.channel });
  }
}
