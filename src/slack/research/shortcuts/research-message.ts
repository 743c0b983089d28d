/**
 * "Research this message": the message text as a relevance search (its tickers and dates as
 * filters). The results appear for the person who asked, in the message's thread when it has one
 * (else in the channel), with the search card's Share button to show them to everyone.
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import { requestContext } from '../../kit/correlation-middleware.js';
import { renderNotice } from '../../blocks/error-card.js';
import { renderV2SearchResults } from '../cards/search-results-card.js';
import { messageSearchRequest } from '../message-search-request.js';
import { SEARCH_PAGE_SIZE } from '../parse-research-args.js';
import { postEphemeralTo } from '../../kit/deliver-card.js';
import { withFailureReply } from '../../kit/failure-reply.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { ephemeralTargetOf, shortcutTarget } from '../../kit/shortcut-target.js';

type MessageShortcutArgs = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;

export function researchMessage(deps: ListenerDeps): (args: MessageShortcutArgs) => Promise<void> {
  return async ({ ack, shortcut, client, context }) => {
    await ack();
    const { log, correlationId, workspace } = requestContext(context, deps.logger);
    const target = shortcutTarget(shortcut, client, context.teamId);
    // In the message's thread when it has one; a private answer in a thread not yet started would be invisible.
    const ephemeral = ephemeralTargetOf(target);
    await withFailureReply(
      async () => {
        const service = await deps.workspaces.service(workspace);
        const search = messageSearchRequest(shortcut.message.text);
        if (search === null) {
          await postEphemeralTo(ephemeral, renderNotice('This message has no words to search for.'));
          return;
        }
        log.info('researching a message', { symbols: search.symbols, dates: search.dates });
        const result = await service.searchV2(search.request, { correlationId });
        const card = renderV2SearchResults(result, {
          state: { k: 'v2', r: search.request, p: 1 },
          visibility: 'ephemeral',
          pageSize: SEARCH_PAGE_SIZE,
        });
        await postEphemeralTo(ephemeral, card);
      },
      { log, correlationId, postEphemeral: ephemeral, action: 'researching this message' },
    );
  };
}
