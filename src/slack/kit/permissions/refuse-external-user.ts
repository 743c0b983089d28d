/**
 * For a command that reads or changes the installing workspace's data (folders, watches): a user
 * of another organisation is told why not, in an ephemeral answer, and the command stops.
 */
import { renderNotice } from '../../blocks/error-card.js';
import type { AppStores } from '../../../store/app-stores.js';
import type { CommandContext } from '../command-context.js';
import { respondEphemeral } from '../deliver-card.js';
import { checkExternalAccess } from './external-access.js';

/** True when refused (the user has been answered). */
export async function refusedToExternalUser(stores: Pick<AppStores, 'externalAccess'>, ctx: CommandContext): Promise<boolean> {
  const verdict = await checkExternalAccess(stores, {
    client: ctx.client,
    workspace: ctx.workspace,
    userId: ctx.command.user_id,
    log: ctx.log,
    workspaceData: true,
  });
  if (verdict.allowed) return false;
  await respondEphemeral(ctx.respond, renderNotice(verdict.reason, ':no_entry:'));
  return true;
}
