/**
 * Submission of the /financials modal: invalid input stays in the modal with a message under
 * each faulty field, and so does a symbol the service does not know (or cannot check during an
 * outage), asked before the ack; valid input closes it and the card arrives as an ephemeral
 * message in the channel the modal was opened from (a DM from the bot when that is not possible),
 * with the button row of the same card from /financials text (Chart, Download, and Share when
 * it is ephemeral): the buttons carry the equivalent /financials text.
 */
import type { Middleware, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { ListenerRegistry } from '../../kit/listener-router.js';
import type { WebClient } from '@slack/web-api';
import { FINANCIALS_MODAL } from '../../blocks/action-ids.js';
import { withCardActions, type CardOffer } from '../../kit/card-actions.js';
import { financialsModalErrors, readFinancialsModal } from './financials-modal.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { parseFinancialsModal, symbolCheckErrors } from '../args/parse-financials-modal.js';
import { requestContext } from '../../kit/correlation-middleware.js';
import type { Logger } from '../../../observability/logger.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { NOT_A_MEMBER, postEphemeralTo, postInChannel } from '../../kit/deliver-card.js';
import { replyWithFailure } from '../../kit/failure-reply.js';
import { type ConnectionFailure, isConnectionFailure } from '../../../workspaces/connection-failure.js';
import type { ResearchService } from '../../../service/types.js';
import { WorkspaceNotConnectedError } from '../../../workspaces/workspace-errors.js';
import { checkSymbolKnown } from '../fetch/check-symbol-known.js';
import { fetchFinancialsCard, financialsAction, financialsCardOffer } from '../financials-card.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { decodeModalOrigin } from './open-financials-modal.js';

/**
 * How long the symbol check may take: Slack wants the ack within 3 s, and the ack is what puts
 * an error in the modal. @see https://docs.slack.dev/surfaces/modals#handling_submissions
 */
const SYMBOL_CHECK_MS = 2000;

export function registerFinancialsViews(app: ListenerRegistry, deps: ListenerDeps): void {
  app.view(FINANCIALS_MODAL.callbackId, financialsModalSubmit(deps));
}

export function financialsModalSubmit(deps: ListenerDeps): Middleware<SlackViewMiddlewareArgs<ViewSubmitAction>> {
  return async ({ ack, view, body, client, context }) => {
    const values = readFinancialsModal(view.state.values);
    const parsed = parseFinancialsModal(values, new Date(deps.clock()));
    if (!parsed.ok) {
      await ack(financialsModalErrors(parsed.errors));
      return;
    }
    const { correlationId, log, workspace } = requestContext(context, deps.logger);
    const { args } = parsed;
    let service: ResearchService;
    try {
      service = await deps.workspaces.service(workspace);
    } catch (error) {
      // Said on the form (the modal stays open): there is nowhere else to say it yet.
      if (!isConnectionFailure(error)) throw error;
      log.info('financials modal: workspace cannot use the service', { reason: error.name });
      await ack(financialsModalErrors({ symbol: connectionFieldError(error) }));
      return;
    }
    if ('symbol' in args) {
      const check = await checkSymbolKnown(service, args.symbol, { signal: AbortSignal.timeout(SYMBOL_CHECK_MS), correlationId });
      if (check.kind !== 'known') {
        if (check.kind === 'unavailable')
          log.warn('financials modal: symbol check failed', { symbol: args.symbol.canonical, error: String(check.error) });
        await ack(financialsModalErrors(symbolCheckErrors(values.symbol, args.symbol.canonical, check.kind)));
        return;
      }
    }
    await ack();
    const user = body.user.id;
    const origin = decodeModalOrigin(view.private_metadata).channelId;
    // Opened from App Home: no channel, so the card comes by DM (chat.postMessage to the user id).
    const channel = origin ?? user;
    const target = { client, channel, user, log, dm: origin === undefined };
    log.info('financials modal submitted', { sub: args.kind, channel });
    try {
      const card = await fetchFinancialsCard(service, parsed, { correlationId, log, now: deps.clock() });
      await showPrivately(target, card, financialsCardOffer(parsed, false));
    } catch (error) {
      await replyWithFailure(error, { log, correlationId, action: financialsAction(parsed), postEphemeral: { client, channel, user } });
    }
  };
}

/**
 * chat.postEphemeral needs the bot in the channel; when it is not (or the channel is gone), the
 * card goes to the user's DM with the bot instead.
 */
async function showPrivately(
  target: { client: WebClient; channel: string; user: string; log: Logger; dm: boolean },
  card: SlackMessage,
  offer: CardOffer,
): Promise<void> {
  // In the DM with the bot the card is already the user's alone, and sharing would post it there again: no Share.
  const inDm = withCardActions(card, { ...offer, share: false });
  if (target.dm) {
    await postInChannel({ client: target.client, channel: target.user }, inDm);
    return;
  }
  try {
    await postEphemeralTo(target, withCardActions(card, offer));
  } catch (error) {
    const failure = toSlackCallError('chat.postEphemeral', error);
    if (!NOT_A_MEMBER.has(failure.code)) throw failure;
    target.log.info('modal result sent by DM', { slack_error: failure.code });
    await postInChannel({ client: target.client, channel: target.user }, inDm);
  }
}

/** A field error is short (financialsModalErrors clamps it): the long not-connected message is said in brief. */
function connectionFieldError(error: ConnectionFailure): string {
  return error instanceof WorkspaceNotConnectedError
    ? 'This workspace has not connected the research service yet: see Research Desk’s Home tab.'
    : error.message;
}
