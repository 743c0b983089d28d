/** Events API: the only place event types are registered (kept in step with manifest.yml). */
import type { ListenerRegistry } from '../kit/listener-router.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { registerAgentEvents } from '../agent/agent-events.js';
import { registerFeatureEvents } from './feature-events.js';
import { registerUninstallEvents } from '../install/uninstall-events.js';

export function registerEvents(app: ListenerRegistry, deps: ListenerDeps): void {
  registerAgentEvents(app, deps);
  registerFeatureEvents(app, deps);
  registerUninstallEvents(app, deps);
}
