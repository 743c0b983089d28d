/**
 * App Home's connection buttons (multi-workspace mode): *Connect research service* and *Change
 * key* open the connect modal (connect-modal-submit.ts takes its submission); *Disconnect*
 * removes the workspace's connection, for those who may manage it, and publishes the Home tab again.
 */
import { CHANGE_KEY_VALUE } from './connection-section.js';
import { renderConnectModal } from './connect-modal.js';
import { ConnectionNotPermittedError } from '../../workspaces/workspace-errors.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { HomeTarget } from '../kit/home-target.js';
import { type HomeSections, publishAppHome } from './publish-app-home.js';
import { connectionActorOf } from './connection-actor.js';

function homeTargetOf(click: ButtonInteraction): HomeTarget {
  return { client: click.client, teamId: click.workspace.teamId, userId: click.userId, log: click.log, workspace: click.workspace };
}

/** Opens at once (the trigger id lasts 3 s): who may connect is checked when the form is sent, by the directory. */
export async function openConnectModal(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  if (!click.triggerId) {
    click.log.warn('connect button without a trigger id; modal not opened');
    return;
  }
  const view = renderConnectModal({
    allowCustomBaseUrl: deps.workspaces.allowCustomBaseUrl,
    defaultBaseUrl: deps.workspaces.defaultBaseUrl,
    replacing: click.value === CHANGE_KEY_VALUE,
  });
  await click.client.views.open({ trigger_id: click.triggerId, view });
}

export const disconnectService =
  (sections: HomeSections) =>
  async (deps: ListenerDeps, click: ButtonInteraction): Promise<void> => {
    const target = homeTargetOf(click);
    // The directory refuses whoever may not; Slack sends the click only from a Home showing the
    // button, but a payload can be forged or the Home stale.
    try {
      await deps.workspaces.disconnect(click.workspace, await connectionActorOf(target));
    } catch (error) {
      if (!(error instanceof ConnectionNotPermittedError)) throw error;
      // A Home click has no channel or response_url: the refusal is shown on the user's Home tab.
      click.log.info('disconnect refused: the user may not manage the connection', { owner: error.owner });
      await publishAppHome(deps, target, { connectionNotice: error.message }, sections);
      return;
    }
    click.log.info('research service disconnected', { team: click.workspace.teamId });
    await publishAppHome(deps, target, {}, sections);
  };
