/**
 * Submission of the new-token form: an admin's (checked again: a submission can be forged) with a
 * label makes a token for the submitter's workspace, answered at once by the view that shows it
 * (response_action: update, within Slack's 3 s); then the Home tab is published again with the
 * new token's row. The token goes into that one view and nowhere else: no log line, no store.
 * @see https://docs.slack.dev/surfaces/modals#updating_response
 */
import type { Middleware, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { McpTokenLimitError } from '../../store/mcp-token-limit-error.js';
import { MCP_TOKEN_MODAL } from '../blocks/action-ids.js';
import { requestContext } from '../kit/correlation-middleware.js';
import type { HomeTarget } from '../kit/home-target.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { ListenerRegistry } from '../kit/listener-router.js';
import { homeViewer } from './home-viewer.js';
import { MCP_TOKENS_ADMIN_ONLY } from './mcp-token-buttons.js';
import { mcpTokenModalError, readMcpTokenLabel, renderMcpTokenCreated } from './mcp-token-modal.js';
import { type HomeSections, publishAppHome } from './publish-app-home.js';

export function registerMcpTokenViews(app: ListenerRegistry, deps: ListenerDeps, sections: HomeSections): void {
  app.view(MCP_TOKEN_MODAL.callbackId, mcpTokenModalSubmit(deps, sections));
}

export function mcpTokenModalSubmit(deps: ListenerDeps, sections: HomeSections): Middleware<SlackViewMiddlewareArgs<ViewSubmitAction>> {
  return async ({ ack, view, body, client, context }) => {
    const { log, workspace } = requestContext(context, deps.logger);
    const target: HomeTarget = { client, teamId: workspace.teamId, userId: body.user.id, log, workspace };
    const label = readMcpTokenLabel(view.state.values);
    if (!label) {
      await ack(mcpTokenModalError('Give the token a label, e.g. who or what will use it.'));
      return;
    }
    if (!(await homeViewer(deps, target)).isAdmin) {
      log.info('MCP token creation refused: not an admin of this workspace', { user: body.user.id });
      await ack(mcpTokenModalError(MCP_TOKENS_ADMIN_ONLY));
      return;
    }
    let created: Awaited<ReturnType<ListenerDeps['stores']['mcpTokens']['create']>>;
    try {
      created = await deps.stores.mcpTokens.create(workspace, { label, createdBy: body.user.id });
    } catch (error) {
      if (!(error instanceof McpTokenLimitError)) throw error;
      log.info('MCP token creation refused: the workspace holds the most tokens it may', { limit: error.limit });
      await ack(mcpTokenModalError(error.message));
      return;
    }
    log.info('MCP token created by an admin', { team: workspace.teamId, tokenId: created.record.tokenId });
    await ack({ response_action: 'update', view: renderMcpTokenCreated(created.token, created.record) });
    try {
      await publishAppHome(deps, target, {}, sections);
    } catch (error) {
      // The token exists all the same: the Home tab shows it when next opened.
      log.warn('token created, but App Home was not published again', { error });
    }
  };
}
