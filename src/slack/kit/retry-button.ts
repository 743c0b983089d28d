/**
 * Retry on an "unavailable" error card: runs the slash command again as the same user in the
 * same channel, or presses the failed button again. The answer takes the error card's place
 * (or, when it goes to the original card's thread, the error card is removed).
 */
import type { RespondFn, SlashCommand } from '@slack/bolt';
import { renderNotice } from '../blocks/error-card.js';
import { deleteOriginal, replacingOnce, respondEphemeral } from './deliver-card.js';
import type { FeatureHooks, SlashCommandName } from './feature-hooks.js';
import type { ListenerDeps } from './listener-deps.js';
import { decodeRetry, type RetryTarget } from './retry-value.js';
import { runButton, type ButtonInteraction } from './button-interaction.js';
import { EXPIRED_BUTTON } from './button-replies.js';

/** The slash command the user originally sent, rebuilt from the click on its error card. */
function commandFromClick(click: ButtonInteraction, target: Extract<RetryTarget, { kind: 'command' }>): SlashCommand {
  return {
    token: '',
    command: target.command,
    text: target.text,
    response_url: '',
    trigger_id: click.triggerId ?? '',
    user_id: click.userId,
    user_name: '',
    team_id: click.teamId ?? '',
    team_domain: '',
    channel_id: click.channelId ?? '',
    channel_name: '',
    api_app_id: '',
  };
}

/**
 * The Retry click: a command runs again through `hooks.commands`, a button through
 * `hooks.retryableButtons` (each slice offers its own; src/slack/register-listeners.ts wires them).
 */
export async function retryClick(deps: ListenerDeps, click: ButtonInteraction, hooks: FeatureHooks): Promise<void> {
  const target = decodeRetry(click.value);
  let answeredHere = false;
  const replacing = replacingOnce(click.respond);
  const respond: RespondFn = (message) => {
    answeredHere = true;
    return replacing(message);
  };
  if (target?.kind === 'command') {
    const run = target.command in hooks.commands ? hooks.commands[target.command as SlashCommandName] : undefined;
    if (!run || !click.channelId) return respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
    click.log.info('retrying command', { command: target.command });
    await run(deps, {
      command: commandFromClick(click, target),
      respond,
      client: click.client,
      log: click.log,
      correlationId: click.correlationId,
      workspace: click.workspace,
    });
    if (!answeredHere) await removeErrorCard(click);
    return;
  }
  const button = target ? hooks.retryableButtons[target.actionId] : undefined;
  if (!target || !button) return respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
  click.log.info('retrying button', { action_id: target.actionId });
  const again: ButtonInteraction = {
    ...click,
    actionId: target.actionId,
    value: target.value,
    respond,
    isEphemeral: target.threadTs === undefined,
  };
  if (target.threadTs) again.threadTs = target.threadTs;
  else delete again.threadTs;
  await runButton(deps, again, button.handler, { action: button.action, retryAs: target.actionId });
  if (!answeredHere) await removeErrorCard(click);
}

/** The answer went elsewhere (the channel, a thread, a modal): the error card has nothing left to say. */
async function removeErrorCard(click: ButtonInteraction): Promise<void> {
  await deleteOriginal(click.respond).catch((error: unknown) => click.log.warn('could not remove the error card', { error: error }));
}
