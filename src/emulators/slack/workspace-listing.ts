import type { EmulatorConfig } from './config.js';
import type { EmulatorState } from './state.js';
import { findEnterprise, workspaces } from './workspaces.js';

/** A workspace as the playground lists it (GET /api/workspaces). */
export interface WorkspaceListing {
  id: string;
  name: string;
  domain: string;
  enterprise_id?: string;
  enterprise_name?: string;
  /** The app serves this workspace (its own installation or its org's org-wide one). */
  installed: boolean;
  /** Whether that installation is the org-wide one. */
  is_enterprise_install?: boolean;
  install_url?: string;
}

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
