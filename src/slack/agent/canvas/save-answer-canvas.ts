/**
 * "Save as canvas" under a finished answer: reads the answer's events again from the service (as
 * a replay does), and saves its report (its Markdown, tables as canvas tables), the check of its
 * figures when one can be made, and its sources as a canvas in the channel
 * (kit/canvas/save-as-canvas.ts). One answer in one channel is one canvas: saving it again, from
 * the answer or its replay, updates it.
 */
import type { BlockAction, ButtonAction, Middleware, SlackActionMiddlewareArgs } from '@slack/bolt';
import { readRunMetadata } from '../../../agent/sinks/run-message-metadata.js';
import type { SlackThreadMessage } from '../../../agent/sinks/slack-writer.js';
import { blocksToCanvas } from '../../blocks/canvas/blocks-to-canvas.js';
import { markdownToCanvas } from '../../blocks/canvas/markdown-to-canvas.js';
import { renderNotice } from '../../blocks/error-card.js';
import { buttonInteraction, runButton, type ButtonInteraction } from '../../kit/button-interaction.js';
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
const REPLAY_PREFIX = 'replay-';

type Click = BlockAction<ButtonAction>;

/** The answer's service message id: a replay's run id holds it; else our run record; else the message's own metadata. */
async function assistantMessageIdOf(
  deps: ListenerDeps,
  click: ButtonInteraction,
  runId: string,
  message: Click['message'],
): Promise<string | undefined> {
  if (runId.startsWith(REPLAY_PREFIX)) return runId.slice(REPLAY_PREFIX.length) || undefined;
  // A run id starts with its workspace's team id and '-' (runIdFor): another workspace's run is never read.
  if (click.teamId && runId.startsWith(`${click.teamId}-`)) {
    const record = await deps.stores.runs.get(runId);
    if (record?.teamId === click.teamId && record.assistantMessageId) return record.assistantMessageId;
  }
  const meta = message ? readRunMetadata({ ts: message.ts, metadata: message.metadata as SlackThreadMessage['metadata'] }) : undefined;
  return meta?.run_id === runId && meta.assistant_message_id ? meta.assistant_message_id : undefined;
}

async function saveAnswer(deps: ListenerDeps, click: ButtonInteraction, message: Click['message']): Promise<void> {
  const value = decodeSavedAnswerValue(click.value);
  const assistantMessageId = value && (await assistantMessageIdOf(deps, click, value.runId, message));
  if (!value || !assistantMessageId) return respondEphemeral(click.respond, renderNotice(EXPIRED));
  const { conversationId } = value;
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
export function saveAnswerCanvasListener(deps: ListenerDeps): Middleware<SlackActionMiddlewareArgs<Click>> {
  return async (args) => {
    await args.ack();
    const click = buttonInteraction(args, deps.logger);
    await runButton(deps, click, (d, c) => saveAnswer(d, c, args.body.message), { action: 'saving the answer as a canvas' });
  };
}
