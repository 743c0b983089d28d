/**
 * Submission of the connect modal. Inputs that cannot be a key or URL stay in the modal with a
 * message under the field, at once. A plausible key is answered at once with the "checking" view:
 * Slack gives a view_submission 3 s, and the check is a call to the research service (up to 8 s).
 * The check then runs after the ack, and its result replaces the modal with views.update: the
 * "connected" view (and the Home tab published again), or the form again with what to fix under
 * its field, for a key the service refuses, a user who may not connect, or a check that failed.
 * The key never appears in a log line, an error or a view.
 * @see https://docs.slack.dev/surfaces/modals#handling_submissions
 * @see https://docs.slack.dev/reference/methods/views.update
 */
import type { Middleware, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import { toSlackCallError } from '../../slack-api/slack-call-error.js';
import { isConnectionFailure } from '../../workspaces/connection-failure.js';
import { ConnectionRejectedError } from '../../workspaces/workspace-errors.js';
import type { ConnectionSummary } from '../../workspaces/workspaces.js';
import { requestContext } from '../kit/correlation-middleware.js';
import { CONNECT_MODAL } from '../blocks/action-ids.js';
import {
  type ConnectModalErrors,
  connectModalErrors,
  isReplacingForm,
  parseConnectModal,
  readConnectModal,
  rejectedField,
  renderConnectChecking,
  renderConnectConnected,
  renderConnectModal,
} from './connect-modal.js';
import type { HomeTarget } from '../kit/home-target.js';
import { type HomeSections, publishAppHome } from './publish-app-home.js';
import { connectionActorOf } from './connection-actor.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { ListenerRegistry } from '../kit/listener-router.js';

/** views.update answers this when the user closed the modal meanwhile (or it never existed). */
const VIEW_GONE_CODES: ReadonlySet<string> = new Set(['not_found']);

type ConnectOutcome = { ok: true; connection: ConnectionSummary } | { ok: false; errors: ConnectModalErrors };

export function registerConnectViews(app: ListenerRegistry, deps: ListenerDeps, sections: HomeSections): void {
  app.view(CONNECT_MODAL.callbackId, connectModalSubmit(deps, sections));
}

export function connectModalSubmit(deps: ListenerDeps, sections: HomeSections): Middleware<SlackViewMiddlewareArgs<ViewSubmitAction>> {
  return async ({ ack, view, body, client, context }) => {
    const { log, correlationId, workspace } = requestContext(context, deps.logger);
    const { allowCustomBaseUrl, defaultBaseUrl } = deps.workspaces;
    const parsed = parseConnectModal(readConnectModal(view.state.values), { allowCustomBaseUrl });
    if (!parsed.ok) {
      log.info('connect modal: inputs refused', { fields: Object.keys(parsed.errors) });
      await ack(connectModalErrors(parsed.errors));
      return;
    }
    await ack({ response_action: 'update', view: renderConnectChecking() });

    // The ack is sent (processBeforeResponse is off): what follows may take longer than Slack waits.
    const target: HomeTarget = { client, teamId: workspace.teamId, userId: body.user.id, log, workspace };
    const outcome = await connectChecked(deps, target, parsed, correlationId);
    const next = outcome.ok
      ? renderConnectConnected(outcome.connection)
      : renderConnectModal({
          allowCustomBaseUrl,
          defaultBaseUrl,
          replacing: isReplacingForm(view.private_metadata),
          ...(parsed.baseUrl ? { typedBaseUrl: parsed.baseUrl } : {}),
          errors: outcome.errors,
        });
    await showInModal(target, view.id, next);
    if (!outcome.ok) return;
    try {
      await publishAppHome(deps, target, {}, sections);
    } catch (error) {
      // Connected all the same: the Home tab shows it when next opened.
      log.warn('connected, but App Home was not published again', { error });
    }
  };
}

/** Checks who connects, then the key (the directory's one service call); every refusal becomes what to fix. */
async function connectChecked(
  deps: ListenerDeps,
  target: HomeTarget,
  parsed: { apiKey: string; baseUrl?: string },
  correlationId: string,
): Promise<ConnectOutcome> {
  const { log } = target;
  const { allowCustomBaseUrl } = deps.workspaces;
  try {
    // The Connect button shows only to those who may manage the connection, but a Home tab can be
    // stale or a submission forged: the directory refuses whoever may not, before the key is checked.
    const connection = await deps.workspaces.connect(target.workspace, {
      apiKey: parsed.apiKey,
      by: await connectionActorOf(target),
      ...(parsed.baseUrl ? { baseUrl: parsed.baseUrl } : {}),
    });
    log.info('research service connected', { team: target.teamId });
    return { ok: true, connection };
  } catch (error) {
    if (error instanceof ConnectionRejectedError) {
      log.info('connect modal: connection rejected', { field: error.field });
      return { ok: false, errors: { [rejectedField(error, allowCustomBaseUrl)]: error.message } };
    }
    if (isConnectionFailure(error)) {
      log.info('connect modal: not permitted', { reason: error.name });
      return { ok: false, errors: { apiKey: error.message } };
    }
    // The error may come from a call that carried the key: only its kind is logged.
    log.warn('connect modal: the connection could not be checked or saved', { errorName: errorName(error) });
    return { ok: false, errors: { apiKey: `The key could not be checked just now. Please try again. Reference: ${correlationId}` } };
  }
}

/**
 * Replaces the modal by its id. No `hash`: the one in the submission was spent by the "checking"
 * update, and nothing else changes this view meanwhile. A user who closed the modal is not an
 * error: the Home tab tells them the outcome.
 */
async function showInModal(target: HomeTarget, viewId: string, view: ModalView): Promise<void> {
  try {
    await target.client.views.update({ view_id: viewId, view });
  } catch (error) {
    const failure = toSlackCallError('views.update', error);
    if (VIEW_GONE_CODES.has(failure.code)) {
      target.log.info('connect modal closed before the key check finished; the Home tab shows the outcome', { view: viewId });
      return;
    }
    target.log.warn('connect modal: the check’s outcome could not be shown', { code: failure.code });
  }
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
