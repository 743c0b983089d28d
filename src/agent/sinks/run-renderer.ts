/**
 * What the relay needs from the Block Kit renderers, bound to one run's render context. The
 * default implementation (`create-run-renderer.ts`) delegates to src/slack/blocks/agent.
 */
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { RunView } from '../state/run-view.js';
import type { StreamChunk } from './slack-writer.js';

export interface RunRenderer {
  /** The live reply: status, current step, tool calls, streamed text, Cancel button. */
  progress(view: RunView): SlackMessage;
  /** The authoritative final answer, split into thread messages (part 1 first). */
  final(view: RunView): SlackMessage[];
  /** Native streams: task_update chunks for the run's tool calls. */
  taskChunks(view: RunView): StreamChunk[];
  /**
   * Native streams: all Markdown to have streamed for this view. It only grows (new text is
   * appended), so the sink streams the part beyond what it already sent.
   */
  streamMarkdown(view: RunView): string;
}
