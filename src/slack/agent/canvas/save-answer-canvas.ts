/**
 * "Save as canvas" under a finished answer: reads the answer's events again from the service (as
 * a replay does), and saves its report (its Markdown, tables as canvas tables), the check of its
 * figures when one can be made, and its sources as a canvas in the channel
 * (kit/canvas/save-as-canvas.ts). One answer in one channel is one canvas: saving it again, from
 * the answer or its replay, updates it.
 */
import { blocksToCanvas } from '../../blocks/canvas/blocks-to-canvas.js';
import { markdownToCanvas } from '../../blocks/canvas/markdown-to-canvas.js';
import { renderNotice } from '../../blocks/error-card.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { buttonListener, type ButtonInteraction } from '../../kit/button-interaction.js';
import { buildCanvasDocument } from '../../kit/canvas/canvas-document.js';
import { cardKey, saveAsCanvas } from '../../kit/canvas/save-as-canvas.js';
import { respondEphemeral } from '../../kit/deliver-card.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { answerLanguageOf } from '../cards/answer-words.js';
import { finalAnswerMarkdown } from '../cards/run-answer-text.js';
import { runFigureCheckBlocks } from '../cards/run-figure-check.js';
import { decodeSavedAnswerValue } from '../cards/save-canvas-button.js';
import { checkReplayedFigures } from '../replay/check-replayed-figures.js';
import { reduceRecordedRun } from '../replay/render-replayed-run.js';
import { replayVerdict } from '../replay/replay-permission.js';
import { checkExternalAccess } from '../../kit/permissions/external-access.js';

const EXPIRED = 'This button no longer names an answer I can save. Ask the agent again and save the new answer.';

/** Why an answer cannot be saved here: replay's fence (replay-permission.ts), said for a canvas. */
const REFUSED: Record<'not_owned' | 'others_dm' | 'other_channel', string> = {
  not_owned: 'That answer was not asked in this workspace, so it can’t be saved as a canvas here.',
  others_dm: 'That answer was asked in someone else’s DM with Research Desk, so only they can save it as a canvas.',
  other_channel: 'That answer was asked in another channel, so it can be saved as a canvas only there, by that channel’s members.',
};

/**
 * The answer is the workspace's data: never saved for a user of another organisation, and only
 * where replay would show it (its channel, or its asker's DM), whoever forged the button's value.
 */
async function maySave(deps: ListenerDeps, click: ButtonInteraction, conversationId: string): Promise<boolean> {
  const { client, workspace, userId, log } = click;
  const access = await checkExternalAccess(deps.stores, { client, workspace, userId, log, workspaceData: true });
  if (!access.allowed) {
    await respondEphemeral(click.respond, renderNotice(access.reason, ':no_entry:'));
    return false;
  }
  const owner = click.teamId ? await deps.stores.threads.owner(click.teamId, conversationId) : null;
  const verdict = replayVerdict(owner, { conversationId, channelId: click.channelId ?? '', userId });
  if (verdict.allowed) return true;
  log.info('save as canvas refused', { conversation_id: conversationId, reason: verdict.why });
  await respondEphemeral(click.respond, renderNotice(REFUSED[verdict.why], ':lock:'));
  return false;
}

async function saveAnswer(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const value = decodeSavedAnswerValue(click.value);
  if (!value) return respondEphemeral(click.respond, renderNotice(EXPIRED));
  const { conversationId, assistantMessageId } = value;
  if (!(await maySave(deps, click, conversationId))) return;
  const links = { trustedHosts: deps.trustedLinkHosts ?? [] };
  await saveAsCanvas(deps, click, {
    card: cardKey('answer', conversationId, assistantMessageId),
    what: 'this answer',
    document: async () => {
      const service = await deps.workspaces.service(click.workspace);
      const events = await service.listEvents(conversationId, assistantMessageId, { fromOffset: 0, correlationId: click.correlationId });
      const view = reduceRecordedRun(events);
      const figures =
        deps.figureCheck === false ? undefined : await checkReplayedFigures(service, view, `canvas-${assistantMessageId}`, click.log);
      const checked = blocksToCanvas(runFigureCheckBlocks(figures, answerLanguageOf(view, undefined)), links);
      return buildCanvasDocument({
        title: view.report?.title?.trim() || 'Research Desk answer',
        body: [markdownToCanvas(finalAnswerMarkdown(view), links), checked].filter((p) => p !== '').join('\n\n'),
        sources: view.sources.map((s) => ({ title: s.title, ...(s.url ? { url: s.url } : {}) })),
        links,
        savedAtMs: deps.clock(),
      });
    },
  });
}

/** The Bolt listener: ack first, then the save with the shared failure handling. */
export function saveAnswerCanvasListener(deps: ListenerDeps): ReturnType<typeof buttonListener> {
  return buttonListener(deps, saveAnswer, { action: 'saving the answer as a canvas', retryAs: ACTION_IDS.answerCanvas });
}
