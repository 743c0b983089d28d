/**
 * The admin switch on App Home: turns Research Desk on or off for people of other organisations
 * in the workspace's Slack Connect channels. The click is a request of its own, so who may change
 * it is checked again here; then the Home tab is published again.
 */
import type { ButtonInteraction } from '../kit/button-interaction.js';
import type { HomeTarget } from '../kit/home-target.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { EXTERNAL_ACCESS_VALUE } from './external-access-section.js';
import { homeViewer } from './home-viewer.js';
import { type HomeSections, publishAppHome } from './publish-app-home.js';

export const changeExternalAccess =
  (sections: HomeSections) =>
  async (deps: ListenerDeps, click: ButtonInteraction): Promise<void> => {
    const target: HomeTarget = {
      client: click.client,
      teamId: click.workspace.teamId,
      userId: click.userId,
      log: click.log,
      workspace: click.workspace,
    };
    const viewer = await homeViewer(deps, target);
    if (!viewer.externalAccess?.mayChange) {
      // A Home tab click has no response_url to answer in: the tab, published again, shows no button.
      click.log.info('external access switch refused: not an admin of this workspace', { user: click.userId });
      await publishAppHome(deps, target, {}, sections);
      return;
    }
    const allowed = click.value !== EXTERNAL_ACCESS_VALUE.block;
    await deps.stores.externalAccess.set(target.teamId, allowed, click.userId);
    click.log.info('external access changed by an admin', { team: target.teamId, allowed });
    await publishAppHome(deps, target, {}, sections);
  };
