/**
 * "Save as canvas" on a statement or comparison card: reads the card's source command again,
 * fetches its data, renders the card as it is now, and saves its header, notes and table as a
 * canvas in the channel (kit/canvas/save-as-canvas.ts). The same request in the same channel is
 * one canvas: saving again, from this card or a newer one, updates it.
 */
import type { KnownBlock } from '@slack/types';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { blocksToCanvas } from '../blocks/canvas/blocks-to-canvas.js';
import { renderNotice } from '../blocks/error-card.js';
import { type ButtonClick, type ButtonInteraction, buttonListener } from '../kit/button-interaction.js';
import { buildCanvasDocument } from '../kit/canvas/canvas-document.js';
import { cardKey, saveAsCanvas } from '../kit/canvas/save-as-canvas.js';
import { CARD_ACTIONS_BLOCK_ID } from '../kit/card-actions.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { ListenerRegistry } from '../kit/listener-router.js';
import { financialsAction, kindContext } from './financials-card.js';
import { readCardButton } from './read-financials-text.js';

const NOT_A_CARD = 'This button no longer matches a card I can save. Run the command again and use the new card’s button.';

/** The card's title: its header, else what was asked for ("the income statement of US:NVDA"). */
function titleOf(blocks: readonly KnownBlock[], fallback: string): string {
  const header = blocks.find((b) => b.type === 'header');
  return header?.type === 'header' ? header.text.text : fallback.charAt(0).toUpperCase() + fallback.slice(1);
}

async function saveCardAsCanvas(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const request = readCardButton(click.value, new Date(deps.clock()));
  if (!request?.descriptor.canvas) return respondEphemeral(click.respond, renderNotice(NOT_A_CARD));
  const { descriptor, args } = request;
  const what = financialsAction(request);
  await saveAsCanvas(deps, click, {
    card: cardKey('financials', JSON.stringify(args)),
    what,
    document: async () => {
      const service = await deps.workspaces.service(click.workspace);
      const data = await descriptor.fetch(
        args,
        kindContext(service, { correlationId: click.correlationId, log: click.log, now: deps.clock() }, 'card'),
      );
      const blocks = descriptor.card(data, args).blocks.filter((b) => b.block_id !== CARD_ACTIONS_BLOCK_ID);
      const body = blocksToCanvas(
        blocks.filter((b) => b.type !== 'header'),
        { trustedHosts: deps.trustedLinkHosts ?? [] },
      );
      return buildCanvasDocument({
        title: titleOf(blocks, what),
        body: `${body}\n\n_Source: \`/financials ${request.text.replace(/`/g, 'ˋ')}\`_`,
        savedAtMs: deps.clock(),
      });
    },
  });
}

export function registerCanvasActions(app: ListenerRegistry, deps: ListenerDeps): void {
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.cardCanvas),
    buttonListener(deps, saveCardAsCanvas, { action: 'saving the card as a canvas', retryAs: ACTION_IDS.cardCanvas }),
  );
}
