/**
 * What the manage buttons share: the click's value (a doc id `d` or folder id `f`), the clicker as
 * a viewer (a user of another organisation is refused), and where an answer goes — the card
 * clicked (folder card, confirmation) or, for a click on App Home, which has no message to answer
 * in, the clicker's DM with the app.
 */
import { z } from 'zod';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { renderNotice } from '../../blocks/error-card.js';
import type { ButtonInteraction } from '../../kit/button-interaction.js';
import { EXPIRED_BUTTON } from '../../kit/button-replies.js';
import { decodeJson, jsonOf } from '../../kit/button-values.js';
import { respondEphemeral, respondReplacing } from '../../kit/deliver-card.js';
import { type DocumentViewer, documentViewerOf } from './document-viewer.js';

const idsJson = jsonOf(z.object({ d: z.string().min(1).max(200).optional(), f: z.string().min(1).max(200).optional() }));

export function clickedIds(value: string | undefined): { docId?: string; folderId?: string } {
  const v = decodeJson(idsJson, value);
  return { ...(v?.d ? { docId: v.d } : {}), ...(v?.f ? { folderId: v.f } : {}) };
}

/** A click on App Home: no message, no channel. */
export const fromHome = (click: ButtonInteraction): boolean => click.channelId === undefined;

/** Shows a card where the click came from: replacing the clicked card, or in the DM for Home. */
export async function answerClick(click: ButtonInteraction, card: SlackMessage, mode: 'replace' | 'new' = 'replace'): Promise<void> {
  if (fromHome(click)) {
    await click.client.chat.postMessage({ channel: click.userId, text: card.text, blocks: card.blocks });
    return;
  }
  if (mode === 'replace') await respondReplacing(click.respond, card);
  else await respondEphemeral(click.respond, card);
}

/** The clicker as a viewer, or undefined when refused (answered). */
export async function clickViewer(click: ButtonInteraction): Promise<DocumentViewer | undefined> {
  if (click.teamId === undefined) {
    await answerClick(click, renderNotice(EXPIRED_BUTTON));
    return undefined;
  }
  const installing = { teamId: click.teamId, ...(click.workspace.enterpriseId ? { enterpriseId: click.workspace.enterpriseId } : {}) };
  const verdict = await documentViewerOf(click.client, installing, click.userId, click.log);
  if (verdict.allowed) return verdict.viewer;
  click.log.info('research folders refused to a user of another organisation', { action: click.actionId });
  await answerClick(click, renderNotice(verdict.reason, ':no_entry:'), 'new');
  return undefined;
}
