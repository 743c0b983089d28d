/**
 * `app_home_opened`: on the Home tab, publish the Home view for that user; on the Messages tab
 * (the agent view), the agent slice suggests prompts (through the hooks).
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { requestContext } from '../kit/correlation-middleware.js';
import { isSlackFailure, toSlackCallError } from '../../slack-api/slack-call-error.js';
import { publishAppHome } from './publish-app-home.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { FeatureHooks } from '../kit/feature-hooks.js';

type AppHomeOpenedArgs = SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs;

export function appHomeOpened(
  deps: ListenerDeps,
  hooks: Pick<FeatureHooks, 'agentViewOpened' | 'homeDocuments'>,
): (args: AppHomeOpenedArgs) => Promise<void> {
  return async ({ event, body, client, context }) => {
    const { log, workspace } = requestContext(context, deps.logger);
    if (event.tab === 'messages') {
      await hooks.agentViewOpened({ client, userId: event.user, channelId: event.channel, log });
      return;
    }
    if (event.tab !== undefined && event.tab !== 'home') return;
    const teamId = context.teamId ?? body.team_id;
    try {
      await publishAppHome(deps, { client, teamId, userId: event.user, log, workspace }, {}, hooks);
    } catch (error) {
      // Nobody to tell but the log: the Home tab keeps its previous view.
      // publishAppHome reads the store too: only a Slack failure gets a Slack error code.
      log.error('publishing App Home failed', {
        error,
        ...(isSlackFailure(error) ? { slack_error: toSlackCallError('views.publish', error).code } : {}),
      });
    }
  };
}
