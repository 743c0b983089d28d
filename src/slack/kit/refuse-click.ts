/**
 * Tells the clicker why a click was refused, where they clicked: a click on the Home tab has no
 * response_url (Slack sends none for views), so Home is published again with the notice at its
 * top; a click on a message is answered with an ephemeral note.
 * @see https://docs.slack.dev/interactivity/handling-user-interaction#message_responses
 */
import { renderNotice } from '../blocks/error-card.js';
import type { ButtonInteraction } from './button-interaction.js';
import { respondEphemeral } from './deliver-card.js';
import type { FeatureHooks } from './feature-hooks.js';
import { homeTargetOf } from './home-target.js';
import type { ListenerDeps } from './listener-deps.js';

export async function refuseClick(
  deps: ListenerDeps,
  click: ButtonInteraction & { fromHome: boolean },
  hooks: Pick<FeatureHooks, 'publishHome'>,
  text: string,
  emoji?: string,
): Promise<void> {
  if (click.fromHome && click.teamId !== undefined) {
    return hooks.publishHome(deps, homeTargetOf({ ...click, teamId: click.teamId }), { notice: text });
  }
  return respondEphemeral(click.respond, renderNotice(text, emoji));
}
