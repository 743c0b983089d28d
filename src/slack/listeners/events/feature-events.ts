/** Events of the features: document link unfurls and the App Home tab. */
import type { ListenerRegistry } from '../listener-router.js';
import type { ListenerDeps } from '../listener-deps.js';
import { appHomeOpened } from './app-home-opened.js';
import { linkShared } from './link-shared.js';

export function registerFeatureEvents(app: ListenerRegistry, deps: ListenerDeps): void {
  app.event('link_shared', linkShared(deps));
  app.event('app_home_opened', appHomeOpened(deps));
}
