/**
 * The admin's switch for users of other organisations (Slack Connect), checked before any slash
 * command, shortcut or button reaches a slice. While the switch is on (the default) nothing is
 * asked of Slack: such users may use public research, and the slices fence the workspace's data.
 * Once an admin turns it off, whoever is of another organisation is acked and told why and who can
 * change it. Mentions and DMs are checked where runs start (start-run-from-event.ts), App Home
 * where it is published.
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { requestContext } from './correlation-middleware.js';
import type { ListenerDeps } from './listener-deps.js';
import { EXTERNAL_ACCESS_OFF } from './permissions/external-access.js';
import { resolveExternalUser } from './permissions/external-user.js';

const INTERACTIONS = new Set(['block_actions', 'shortcut', 'message_action']);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The acting user, and their team when the payload names it (interactions' `user.team_id`). */
function actorOf(body: Record<string, unknown>): { userId: string; teamId?: string } | undefined {
  if (str(body.command)) {
    const userId = str(body.user_id);
    return userId ? { userId } : undefined;
  }
  if (!INTERACTIONS.has(String(body.type))) return undefined;
  const user = body.user as { id?: unknown; team_id?: unknown } | undefined;
  const userId = str(user?.id);
  const teamId = str(user?.team_id);
  return userId ? { userId, ...(teamId ? { teamId } : {}) } : undefined;
}

export function externalAccessMiddleware(deps: Pick<ListenerDeps, 'stores' | 'logger'>): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const body = args.body as Record<string, unknown>;
    const actor = actorOf(body);
    const { log, workspace } = requestContext(args.context, deps.logger);
    if (!actor || !workspace.teamId) return args.next();
    let allowed: boolean;
    try {
      allowed = (await deps.stores.externalAccess.get(workspace.teamId)).allowed;
    } catch (error) {
      // The slices still fence the workspace's data; only the admin's switch goes unchecked.
      log.warn('external access setting unavailable; request let through', { error });
      allowed = true;
    }
    if (allowed) return args.next();
    const installing = { teamId: workspace.teamId, ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}) };
    const verdict = await resolveExternalUser(args.client, installing, actor.userId, log, actor.teamId);
    if (!verdict.external) return args.next();
    log.info('request of a user of another organisation refused: turned off by an admin', {
      user: actor.userId,
      user_team: verdict.userTeamId,
    });
    if ('ack' in args && typeof args.ack === 'function') await args.ack();
    if (
      'respond' in args &&
      typeof args.respond === 'function' &&
      (str(body.response_url) || Array.isArray(body.response_urls) || body.type === 'block_actions')
    ) {
      await args.respond({ response_type: 'ephemeral', replace_original: false, text: EXTERNAL_ACCESS_OFF }).catch((error: unknown) => {
        log.warn('could not tell a user of another organisation why they were refused', { error });
      });
    }
  };
}
