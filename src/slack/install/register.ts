/** Install lifecycle: an uninstall or revoked tokens stop the workspace's work and delete its data. */
import type { RegisterSlice } from '../kit/feature-hooks.js';
import { registerUninstallEvents } from './uninstall-events.js';

export const registerInstall: RegisterSlice = (app, deps) => {
  registerUninstallEvents(app, deps);
};
