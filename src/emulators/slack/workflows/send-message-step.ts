/**
 * Workflow Builder's built-in "Send a message to a channel" step: the message (rich text, or
 * text) is posted by Workflow Builder's bot, not the app; the app hears of it as of any bot's
 * message (`message` with `bot_id`, when subscribed and in the channel). Its outputs are the
 * message's context and link, for later steps.
 * @see https://docs.slack.dev/tools/deno-slack-sdk/reference/slack-functions/send_message
 */
import type { ActionDeps } from '../action-deps.js';
import type { StoredMessage } from '../stored-message.js';
import { workspaceUrl } from '../web-api/permalinks.js';
import { appServes, botSeesMessages, messageEventFields, messageSubscription, sendEvent, userMessage } from '../user-events.js';
import { teamsOfChannel } from '../workspaces.js';
import { isRichText, richTextToText } from './rich-text-text.js';
import type { ExecutionResult } from './function-executions.js';

/** Workflow Builder's bot in a workspace, added the first time it writes there. */
export const WORKFLOW_BUILDER_BOT_ID = 'B0WFBUILDER';

function builderUserId(deps: ActionDeps, teamId: string): string {
  const id = `UWFB${teamId.replace(/^[TE]/, '')}`;
  if (!deps.state.users.has(id)) {
    deps.state.users.set(id, {
      id,
      name: 'workflow_builder',
      real_name: 'Workflow Builder',
      is_admin: false,
      is_owner: false,
      is_bot: true,
      tz: 'UTC',
      ...(teamId === deps.state.seed.teamId ? {} : { team_id: teamId }),
    });
  }
  return id;
}

/** Posts the step's message; an error result (never a throw) says what stopped it. */
export async function runSendMessageStep(deps: ActionDeps, teamId: string, inputs: Record<string, unknown>): Promise<ExecutionResult> {
  const channelArg = typeof inputs.channel_id === 'string' ? inputs.channel_id : '';
  const channel = deps.state.resolveChannel(channelArg);
  if (channel === undefined || !teamsOfChannel(channel).includes(teamId)) {
    return { error: `Send a message: no channel ${channelArg || '(empty)'} in this workspace.` };
  }
  if (channel.is_archived === true) return { error: `Send a message: #${channel.name} is archived.` };
  const message = inputs.message;
  const text = isRichText(message) ? richTextToText(message) : typeof message === 'string' ? message : '';
  if (text.trim() === '') return { error: 'Send a message: the message is empty (the variable it names has no value).' };
  const stored: StoredMessage = { ...userMessage(deps, channel.id, builderUserId(deps, teamId), text, undefined), team: teamId };
  stored.bot_id = WORKFLOW_BUILDER_BOT_ID;
  if (isRichText(message)) stored.blocks = [{ block_id: 'wf', ...message }];
  deps.state.addMessage(stored);
  const { channelType, subscription } = messageSubscription(channel);
  if (appServes(deps, teamId) && deps.config.subscribedEvents.has(subscription) && botSeesMessages(channel)) {
    const fields = messageEventFields(stored, undefined);
    fields.blocks = stored.blocks ?? fields.blocks;
    fields.bot_profile = { id: WORKFLOW_BUILDER_BOT_ID, name: 'Workflow Builder', team_id: teamId, deleted: false };
    // The step's outcome does not wait on the app: a late or failed delivery is recorded, not fatal.
    await sendEvent(deps, { type: 'message', ...fields, channel_type: channelType });
  }
  const link = `${workspaceUrl({ config: deps.config, state: deps.state })}archives/${channel.id}/p${stored.ts.replace('.', '')}`;
  return { outputs: { message_context: { channel_id: channel.id, message_ts: stored.ts }, message_link: link } };
}
