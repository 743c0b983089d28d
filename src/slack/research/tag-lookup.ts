/**
 * `/research tag <type>:<name>`: documents tagged so, on the search-results card, so its
 * Prev/Next/Share buttons page them.
 */
import type { DocsByTagRequest } from '../../service/types.js';
import { answerCommand, commandFailureTarget } from '../kit/answer-command.js';
import type { CommandContext } from '../kit/command-context.js';
import { withFailureReply } from '../kit/failure-reply.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { retryOption } from '../kit/retry-value.js';
import { fetchSearchCard } from './fetch-search-card.js';
import { SEARCH_PAGE_SIZE } from './parse-research-args.js';
import { uploadedFileLabeler } from './uploaded-file-labels.js';

export async function handleTagLookup(
  deps: ListenerDeps,
  ctx: CommandContext,
  args: { request: DocsByTagRequest; public: boolean },
): Promise<void> {
  await withFailureReply(
    async () => {
      const request: DocsByTagRequest = { pageNum: 1, pageSize: SEARCH_PAGE_SIZE, ...args.request };
      const service = await deps.workspaces.service(ctx.workspace);
      const reader = { teamId: ctx.command.team_id, userId: ctx.command.user_id, client: ctx.client };
      const card = await fetchSearchCard(
        service,
        { k: 'tag', r: request, p: request.pageNum ?? 1 },
        {
          visibility: args.public ? 'public' : 'ephemeral',
          correlationId: ctx.correlationId,
          fileLabels: uploadedFileLabeler(deps.stores, reader),
        },
      );
      await answerCommand(ctx, card, args.public ? 'public' : 'ephemeral');
    },
    {
      ...commandFailureTarget(ctx),
      action: 'the tag lookup',
      ...retryOption({ kind: 'command', command: ctx.command.command, text: ctx.command.text }),
    },
  );
}
