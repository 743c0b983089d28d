/**
 * "Save as canvas" on any card: the first save creates a canvas in the card's channel
 * (`canvases.create` with `channel_id`, which shares it with the channel as one of its tabs and
 * works on every Slack plan) and posts a short message linking to it; every later save, by anyone,
 * after any restart, replaces that canvas's content (`canvases.edit`, operation `replace` without a
 * section: the whole canvas). SavedCanvases keeps which canvas a card became; a canvas deleted in
 * Slack (`canvas_not_found`) is forgotten and a new one made. Never the channel canvas
 * (`conversations.canvases.create`): a channel has one, and it is its members' page, not a report.
 * @see https://docs.slack.dev/reference/methods/canvases.create
 * @see https://docs.slack.dev/reference/methods/canvases.edit
 */
import { createHash } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { RATE_LIMIT_WAIT, type Sleep, timerSleep, withRateLimitWait } from '../../../slack-api/rate-limit-wait.js';
import { isSlackCallError, SlackCallError, toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { SLACK_METHOD, type SlackMethod } from '../../../slack-api/slack-method.js';
import type { CardRef } from '../../../store/saved-canvases.js';
import type { ButtonInteraction } from '../button-interaction.js';
import type { ListenerDeps } from '../listener-deps.js';
import { renderNotice } from '../../blocks/error-card.js';
import { postInChannel, respondEphemeral } from '../deliver-card.js';
import type { CanvasDocument } from './canvas-document.js';
import { canvasFailureNote } from './canvas-failure-note.js';
import { canvasLinkMessage, canvasUpdatedMessage } from './canvas-messages.js';

export interface CanvasSaveRequest {
  /** What identifies the card in its channel (cardKey): the same card always names the same canvas. */
  card: string;
  /** What the link message calls it ("this answer", "the income statement of US:NVDA"); plain text. */
  what: string;
  /** Builds the document once the card is ours to save (it may fetch). */
  document: () => Promise<CanvasDocument>;
}

/** `sleep`: how a wait for a rate slot passes (tests drive it); real timers by default. */
type SaveDeps = Pick<ListenerDeps, 'stores' | 'clock' | 'budget' | 'relay'> & { sleep?: Sleep };

/** A card key from its identifying parts: short, with no ':' (store keys), the same for the same parts. */
export function cardKey(kind: string, ...parts: string[]): string {
  return `${kind}-${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)}`;
}

const BUSY =
  'This card is being saved as a canvas right now. Its link appears in a moment; press Save as canvas again afterwards to update it.';
const NOWHERE = 'I can only save a card as a canvas from a channel. Run the command in a channel and save that card.';

/**
 * Waits for the method's next slot in the shared rate budget (canvases.create is Tier 2: a slot
 * every few seconds per workspace) as long as a person can wait; longer is a rate limit to tell.
 */
async function takeSlot(deps: SaveDeps, click: ButtonInteraction, method: SlackMethod, teamId: string): Promise<void> {
  const started = deps.clock();
  for (;;) {
    const decision = await deps.budget.tryTake(teamId, method, click.channelId ?? '').catch((error: unknown) => {
      click.log.warn('rate budget unavailable; calling without it', { error, method });
      return { granted: true as const };
    });
    if (decision.granted) return;
    if (deps.clock() - started + decision.retryInMs > RATE_LIMIT_WAIT.interactive.maxWaitMs) {
      throw new SlackCallError({ method, code: 'ratelimited', outcome: 'failed', retryAfterMs: decision.retryInMs });
    }
    await (deps.sleep ?? timerSleep)(decision.retryInMs);
  }
}

async function call<T>(deps: SaveDeps, click: ButtonInteraction, method: SlackMethod, teamId: string, send: () => Promise<T>): Promise<T> {
  await takeSlot(deps, click, method, teamId);
  return withRateLimitWait(send, {
    method,
    policy: 'interactive',
    onRateLimited: async (error) => {
      await deps.budget
        .block(teamId, method, click.channelId ?? '', deps.clock() + (error.retryAfterMs ?? 60_000))
        .catch((failure: unknown) => click.log.warn('could not record a rate limit in the budget', { error: failure, method }));
    },
  });
}

/** `https://<workspace>.slack.com/docs/<team>/<canvas>`, the canvas's address; undefined when auth.test fails. */
async function canvasUrl(client: WebClient, teamId: string, canvasId: string, log: Logger): Promise<string | undefined> {
  try {
    const answer = await client.auth.test();
    return typeof answer.url === 'string' ? new URL(`docs/${teamId}/${canvasId}`, answer.url).href : undefined;
  } catch (error) {
    log.info('auth.test failed; the canvas is linked by name only', { error: toSlackCallError('auth.test', error).code });
    return undefined;
  }
}

async function create(deps: SaveDeps, click: ButtonInteraction, ref: CardRef, doc: CanvasDocument): Promise<string> {
  const answer = await call(deps, click, SLACK_METHOD.canvasCreate, ref.teamId, () =>
    click.client.canvases.create({
      title: doc.title,
      channel_id: ref.channelId,
      document_content: { type: 'markdown', markdown: doc.markdown },
    }),
  );
  const canvasId = typeof answer.canvas_id === 'string' ? answer.canvas_id : undefined;
  if (!canvasId) throw new SlackCallError({ method: SLACK_METHOD.canvasCreate, code: 'missing_canvas_id', outcome: 'unknown' });
  const now = deps.clock();
  await deps.stores.savedCanvases.remember(ref, {
    canvasId,
    createdBy: click.userId,
    createdAtMs: now,
    savedBy: click.userId,
    savedAtMs: now,
  });
  return canvasId;
}

/** Replaces the saved canvas's content; false when Slack no longer has it (deleted), which is then forgotten. */
async function update(deps: SaveDeps, click: ButtonInteraction, ref: CardRef, canvasId: string, doc: CanvasDocument): Promise<boolean> {
  try {
    await call(deps, click, SLACK_METHOD.canvasEdit, ref.teamId, () =>
      click.client.canvases.edit({
        canvas_id: canvasId,
        changes: [{ operation: 'replace', document_content: { type: 'markdown', markdown: doc.markdown } }],
      }),
    );
  } catch (error) {
    if (!isSlackCallError(error) || error.code !== 'canvas_not_found') throw error;
    click.log.info('saved canvas is gone from Slack; making a new one', { canvas_id: canvasId });
    await deps.stores.savedCanvases.forget(ref, canvasId);
    return false;
  }
  const saved = await deps.stores.savedCanvases.get(ref);
  if (saved) await deps.stores.savedCanvases.remember(ref, { ...saved, savedBy: click.userId, savedAtMs: deps.clock() });
  return true;
}

async function tellOrThrow(click: ButtonInteraction, error: unknown): Promise<void> {
  const failure = isSlackCallError(error) ? error : undefined;
  const note = failure && canvasFailureNote(failure);
  if (!note) throw error;
  click.log.warn('save as canvas refused', { slack_error: failure?.code, method: failure?.method });
  await respondEphemeral(click.respond, renderNotice(note, failure?.rateLimited ? ':hourglass:' : ':warning:'));
}

export async function saveAsCanvas(deps: SaveDeps, click: ButtonInteraction, request: CanvasSaveRequest): Promise<void> {
  if (!click.teamId || !click.channelId) return respondEphemeral(click.respond, renderNotice(NOWHERE));
  const ref: CardRef = { teamId: click.teamId, channelId: click.channelId, card: request.card };
  const holder = `${deps.relay.instanceId}:${click.correlationId}`;
  if (!(await deps.stores.savedCanvases.claim(ref, holder))) return respondEphemeral(click.respond, renderNotice(BUSY, ':hourglass:'));
  try {
    const doc = await request.document();
    const saved = await deps.stores.savedCanvases.get(ref);
    const updated = saved !== undefined && (await update(deps, click, ref, saved.canvasId, doc));
    const canvasId = updated && saved ? saved.canvasId : await create(deps, click, ref, doc);
    const url = await canvasUrl(click.client, ref.teamId, canvasId, click.log);
    click.log.info(updated ? 'canvas updated' : 'canvas created', { canvas_id: canvasId, card: request.card, chars: doc.markdown.length });
    if (updated)
      return await respondEphemeral(click.respond, canvasUpdatedMessage({ title: doc.title, what: request.what, ...(url ? { url } : {}) }));
    const link = canvasLinkMessage({ title: doc.title, what: request.what, userId: click.userId, ...(url ? { url } : {}) });
    try {
      await postInChannel({ client: click.client, channel: ref.channelId, ...(click.threadTs ? { threadTs: click.threadTs } : {}) }, link);
    } catch (error) {
      // The canvas exists; only its announcement failed: the clicker still gets the link.
      click.log.warn('canvas link message not posted', { error: toSlackCallError(SLACK_METHOD.postMessage, error).code });
      await respondEphemeral(click.respond, link);
    }
  } catch (error) {
    await tellOrThrow(click, error);
  } finally {
    await deps.stores.savedCanvases
      .release(ref, holder)
      .catch((error: unknown) => click.log.warn('canvas save lease not released; it lapses by itself', { error }));
  }
}
