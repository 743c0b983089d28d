/**
 * Which installation a request, run or scheduled post acts for. Data is kept per workspace
 * (`teamId`); an Enterprise Grid org-wide install serves every workspace of its org with one
 * installation, so `enterpriseId` finds it.
 * @see https://docs.slack.dev/enterprise-grid/developing-for-enterprise-grid
 */
export interface WorkspaceRef {
  teamId: string;
  enterpriseId?: string;
  /** The request came through an org-wide installation. */
  isEnterpriseInstall?: boolean;
}

/** The id an installation (and its service connection) is kept under: the org's for an org-wide install. */
export function installationIdOf(ref: WorkspaceRef): string {
  return ref.isEnterpriseInstall && ref.enterpriseId ? ref.enterpriseId : ref.teamId;
}
