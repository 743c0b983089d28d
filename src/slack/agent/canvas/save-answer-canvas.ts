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

const EXPIRED = 'This button no longer names an answer I can save. Ask the agent again and save the new answer.';

async function saveAnswer(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const value = decodeSavedAnswerValue(click.value);
  if (!value) return respondEphemeral(click.respond, renderNotice(EXPIRED));
  const { conversationId, assistantMessageId } = value;
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
