/**
 * The one interface both delivery paths implement. The run driver hands every new view to
 * `offer`; the sink decides when to write (paced by the update scheduler, always the newest view)
 * and reports what it has shown through `onShown`. `close` ends progress writing before the final
 * render takes over the messages (one writer per message: nothing lands after it).
 */
import type { DeliveryPath } from '../../store/records.js';
import type { RunView } from '../state/run-view.js';

export interface RunSink {
  /** The path in use now (a native sink that fell back reports 'update'). */
  readonly path: DeliveryPath;
  /** New content arrived at `arrivedAtMs`; the sink writes it when its turn comes. */
  offer(view: RunView, arrivedAtMs: number): void;
  /** Arrival of the oldest event not shown yet (the final render keeps that place in line). */
  pendingSince(): number | undefined;
  /** Waits for the in-flight write, drops pending progress and ends an open native stream. */
  close(): Promise<void>;
}

/** What a sink tells its run when Slack shows a newer view. */
export interface SinkEvents {
  /** Called after each successful write, with the view it showed. */
  onShown(view: RunView): void | Promise<void>;
  /** Native only: a new stream segment is about to start (persist that before the call). */
  onSegmentStarting?(): Promise<void>;
  /** Native only: a segment started (persist its ts: it must be stopped and deleted later). */
  onSegmentStarted?(ts: string): Promise<void>;
  /** Native only: a startStream's outcome is unknown, so a segment may exist without our knowing its ts. */
  onStraySegmentPossible?(): void;
  /** Native only: a segment was stopped (no longer needs stopping after a crash). */
  onSegmentStopped?(ts: string): Promise<void>;
}
