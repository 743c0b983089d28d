/**
 * What the manage buttons share: the click's value (a doc id `d` or folder id `f`), the clicker as
 * a viewer, and where an answer goes. A card answers on the card clicked (folder card,
 * confirmation). A click on App Home has no message nor response_url: a card it asks for (a
 * folder's, a confirmation) goes to the clicker's DM with the app, and a refusal is shown at the
 * top of their Home tab, published again (the hooks' `notice`), as every Home button does.
 */
import { z } from 'zod';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { renderNotice } from '../../blocks/error-card.js';
import type { ButtonInteraction } from '../../kit/button-interaction.js';
import { EXPIRED_BUTTON } from '../../kit/button-replies.js';
import { decodeJson, jsonOf } from '../../kit/button-values.js';
import { respondEphemeral, respondReplacing } from '../../kit/deliver-card.js';
import type { FeatureHooks } from '../../kit/feature-hooks.js';
import { homeTargetOf } from '../../kit/home-target.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { type DocumentViewer, documentViewerOf } from './document-viewer.js';

export type ManageHooks = Pick<FeatureHooks, 'publishHome'>;

const idsJson = jsonOf(z.object({ d: z.string().min(1).max(200).optional(), f: z.string().min(1).max(200).optional() }));

export function clickedIds(value: string | undefined): { docId?: string; folderId?: string } {
  const v = decodeJson(idsJson, value);
  return { ...(v?.d ? { docId: v.d } : {}), ...(v?.f ? { folderId: v.f } : {}) };
}

/** A click on App Home: no message, no channel. */
export const fromHome = (click: ButtonInteraction): boolean => click.channelId === undefined;

/** Shows a card where the click came from: replacing the clicked card (or beside it), or in the DM for Home. */
export async function answerClick(click: ButtonInteraction, card: SlackMessage, mode: 'replace' | 'new' = 'replace'): Promise<void> {
  if (fromHome(click)) {
    await click.client.chat.postMessage({ channel: click.userId, text: card.text, blocks: card.blocks });
    return;
  }
  if (mode === 'replace') await respondReplacing(click.respond, card);
  else await respondEphemeral(click.respond, card);
}

/** Tells the clicker why not: beside the card, or at the top of their Home tab. */
export async function refuseClick(hooks: ManageHooks, deps: ListenerDeps, click: ButtonInteraction, reason: string, emoji = ':no_entry:') {
  if (fromHome(click) && click.teamId !== undefined) {
    await hooks.publishHome(deps, homeTargetOf({ ...click, teamId: click.teamId }), { notice: reason });
    return;
  }
  await answerClick(click, renderNotice(reason, emoji), 'new');
}

/** The clicker as a viewer, or undefined when refused (answered): a user of another organisation, or a click of no workspace. */
export async function clickViewer(hooks: ManageHooks, deps: ListenerDeps, click: ButtonInteraction): Promise<DocumentViewer | undefined> {
  if (click.teamId === undefined) {
    await answerClick(click, renderNotice(EXPIRED_BUTTON), 'new');
    return undefined;
  }
  const installing = { teamId: click.teamId, ...(click.workspace.enterpriseId ? { enterpriseId: click.workspace.enterpriseId } : {}) };
  const verdict = await documentViewerOf(click.client, installing, click.userId, click.log);
  if (verdict.allowed) return verdict.viewer;
  click.log.info('research folders refused to a user of another organisation', { action: click.actionId });
  await refuseClick(hooks, deps, click, verdict.reason);
  return undefined;
}

/** A button value that decodes to nothing: answered as an expired button. */
export async function expiredClick(hooks: ManageHooks, deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  await refuseClick(hooks, deps, click, EXPIRED_BUTTON, ':warning:');
}
