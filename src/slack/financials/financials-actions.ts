/**
 * "Open financials form" on App Home opens the /financials modal (no channel there, so the card
 * comes by DM). The buttons on financials cards are elsewhere: Chart in chart-actions.ts, the
 * downloads in export-actions.ts, Share in the kit (share-financials-card.ts renders for it); a
 * failed card's Retry is the kit's error-card Retry (kit/retry-button.ts).
 */
import type { ListenerRegistry } from '../kit/listener-router.js';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { renderNotice } from '../blocks/error-card.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { openFinancialsModal } from './modal/open-financials-modal.js';
import { buttonListener, type ButtonClick, type ButtonInteraction } from '../kit/button-interaction.js';

async function openFormFromButton(_deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  if (!click.triggerId) return respondEphemeral(click.respond, renderNotice('Use /financials to open the form.'));
  // From a message the card goes to that channel; from App Home (no channel) by DM.
  await openFinancialsModal(
    click.client,
    click.triggerId,
    click.channelId && !click.channelId.startsWith('D') ? { channelId: click.channelId } : {},
  );
}

export function registerFinancialsActions(app: ListenerRegistry, deps: ListenerDeps): void {
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.homeOpenFinancials),
    buttonListener(deps, openFormFromButton, { action: 'opening the financials form' }),
  );
}
