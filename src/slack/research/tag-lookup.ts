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
import { renderTagResults } from './cards/search-results-card.js';
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
      const page = await service.docsByTag(request, { correlationId: ctx.correlationId });
      const files = await uploadedFileLabeler(deps.stores, ctx.command.team_id)(page.items.map((d) => d.id));
      const card = renderTagResults(page, {
        state: { k: 'tag', r: request, p: request.pageNum ?? 1 },
        visibility: args.public ? 'public' : 'ephemeral',
        pageSize: request.pageSize ?? SEARCH_PAGE_SIZE,
        files,
      });
      await answerCommand(ctx, card, args.public ? 'public' : 'ephemeral');
    },
    {
      ...commandFailureTarget(ctx),
      action: 'the tag lookup',
      ...retryOption({ kind: 'command', command: ctx.command.command, text: ctx.command.text }),
    },
  );
}
