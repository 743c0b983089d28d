/**
 * The app was removed from a workspace or org (`app_uninstalled`), or its bot token revoked
 * (`tokens_revoked`): its installation, service key and everything kept for it are deleted, and
 * its runs stop (src/workspaces/). Slack sends both for one uninstall; the second finds nothing.
 * Bolt skips authorisation for these two events, as the tokens no longer work.
 * @see https://docs.slack.dev/reference/events/app_uninstalled
 * @see https://docs.slack.dev/reference/events/tokens_revoked
 */
import type { ListenerRegistry } from '../kit/listener-router.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { WorkspaceRef } from '../../workspaces/workspace-ref.js';

interface EnvelopeIds {
  team_id?: string;
  enterprise_id?: string;
  is_enterprise_install?: boolean;
  authorizations?: Array<{ team_id?: string | null; enterprise_id?: string | null; is_enterprise_install?: boolean }>;
}

/** Whose installation the event ends: the envelope's team (or org, for an org-wide install). */
export function uninstalledWorkspace(body: EnvelopeIds): WorkspaceRef | undefined {
  const auth = body.authorizations?.[0];
  const isEnterpriseInstall = body.is_enterprise_install ?? auth?.is_enterprise_install ?? false;
  const enterpriseId = body.enterprise_id ?? auth?.enterprise_id ?? undefined;
  const teamId = body.team_id ?? auth?.team_id ?? (isEnterpriseInstall ? enterpriseId : undefined);
  if (!teamId) return undefined;
  return { teamId, ...(enterpriseId ? { enterpriseId } : {}), ...(isEnterpriseInstall ? { isEnterpriseInstall } : {}) };
}

export function registerUninstallEvents(app: ListenerRegistry, deps: ListenerDeps): void {
  const forget = async (kind: string, body: unknown): Promise<void> => {
    const ref = uninstalledWorkspace(body as EnvelopeIds);
    if (!ref) {
      deps.logger.warn('an uninstall event named no workspace', { kind });
      return;
    }
    try {
      const deleted = await deps.workspaces.forget(ref);
      deps.logger.info('workspace data deleted after uninstall', { kind, team: ref.teamId, enterprise: ref.enterpriseId, keys: deleted });
    } catch (error) {
      deps.logger.error('deleting an uninstalled workspace’s data failed', { kind, team: ref.teamId, error });
    }
  };
  app.event('app_uninstalled', async ({ body }) => forget('app_uninstalled', body));
  app.event('tokens_revoked', async ({ body, event }) => {
    // A revoked user token leaves the bot working; only a revoked bot token ends the installation.
    if ((event.tokens.bot ?? []).length === 0) return;
    await forget('tokens_revoked', body);
  });
}
