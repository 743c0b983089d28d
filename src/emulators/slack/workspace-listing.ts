import type { EmulatorConfig } from './config.js';
import type { EmulatorState } from './state.js';
import type { WorkspaceListing } from './types.js';
import { findEnterprise, workspaces } from './workspaces.js';

/** Every workspace, the seed first, with its org and whether the app serves it (GET /api/workspaces). */
export function listWorkspaces(state: EmulatorState, config: EmulatorConfig): WorkspaceListing[] {
  return workspaces.map((w) => {
    const installation = state.installs.serving(w.id);
    const enterprise = findEnterprise(w.enterpriseId);
    return {
      id: w.id,
      name: w.name,
      domain: w.domain,
      ...(enterprise !== undefined ? { enterprise_id: enterprise.id, enterprise_name: enterprise.name } : {}),
      installed: installation !== undefined,
      ...(installation !== undefined ? { is_enterprise_install: installation.isEnterpriseInstall } : {}),
      ...(config.installUrl !== undefined ? { install_url: config.installUrl } : {}),
    };
  });
}
