/** Events of the features: document link unfurls and the App Home tab. */
import type { ListenerRegistry } from '../kit/listener-router.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { appHomeOpened } from '../home/app-home-opened.js';
import { linkShared } from '../research/unfurls/link-shared.js';

export function registerFeatureEvents(app: ListenerRegistry, deps: ListenerDeps): void {
  app.event('link_shared', linkShared(deps));
  app.event('app_home_opened', appHomeOpened(deps));
}
