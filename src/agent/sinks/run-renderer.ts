/**
 * What the relay needs from the Block Kit renderers, bound to one run's render context. The
 * default implementation (`create-run-renderer.ts`) delegates to src/slack/agent/cards.
 */
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { CheckedFigures } from '../state/checked-figures.js';
import type { RunView } from '../state/run-view.js';
import type { StreamChunk } from './slack-writer.js';

/** A long report to share as a Markdown file in the thread (files.completeUploadExternal). */
export interface ReportFile {
  /** Sanitised, from the report's title; ends in .md. */
  filename: string;
  /** The file's title as Slack shows it (plain text, defused). */
  title: string;
  /** The full report Markdown, exactly as the service wrote it. */
  markdown: string;
}

/** A final answer too long for a few messages: its first part (saying a file follows) and the file. */
export interface FinalAnswerWithFile {
  parts: SlackMessage[];
  file: ReportFile;
}

/** What the final render shows besides the view: what the relay learnt after the run's last event. */
export interface FinalRenderExtras {
  /** The check of the report's figures against the statements (its "Figures checked" section). */
  figures?: CheckedFigures;
  /** The service's id of the answer (the chat call's), so its Save as canvas can read it again; absent before it is known. */
  assistantMessageId?: string;
}

export interface RunRenderer {
  /** The live reply: status, current step, tool calls, streamed text, Cancel button. */
  progress(view: RunView): SlackMessage;
  /** The authoritative final answer, split into thread messages (part 1 first). */
  final(view: RunView, extras?: FinalRenderExtras): SlackMessage[];
  /**
   * The same answer as a first part plus a Markdown file, when `final` would take more than a few
   * messages; undefined when it fits. `final` stays the fallback if the upload fails for good.
   */
  finalWithFile(view: RunView, extras?: FinalRenderExtras): FinalAnswerWithFile | undefined;
  /** Native streams: task_update chunks for the run's tool calls. */
  taskChunks(view: RunView): StreamChunk[];
  /**
   * Native streams: all Markdown to have streamed for this view. It only grows (new text is
   * appended), so the sink streams the part beyond what it already sent.
   */
  streamMarkdown(view: RunView): string;
}
