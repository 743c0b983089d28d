/** The Home tab's Refresh: publishes the clicker's Home view again. */
import type { ButtonInteraction } from '../kit/button-interaction.js';
import { homeTargetOf } from '../kit/home-target.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { type HomeSections, publishAppHome } from './publish-app-home.js';

export function refreshHome(sections: HomeSections) {
  return async (deps: ListenerDeps, click: ButtonInteraction): Promise<void> => {
    if (click.teamId === undefined) return;
    await publishAppHome(deps, homeTargetOf({ ...click, teamId: click.teamId }), {}, sections);
  };
}
