/**
 * A run's Slack writer that asks, right before each write, whether this process still holds the
 * run's lease (run-leases.ts `confirm`). A relay that stalled past its lease while another replica
 * took the run over then stops instead of writing over that replica's messages (an old progress
 * render over a finished answer). Reads pass through: they change nothing.
 */
import { RunStopped } from '../events/next-within.js';
import type { SlackWriter } from './slack-writer.js';

export function leaseGuardedWriter(writer: SlackWriter, stillHeld: () => Promise<boolean>): SlackWriter {
  const guarded =
    <A, R>(write: (args: A) => Promise<R>) =>
    async (args: A): Promise<R> => {
      if (!(await stillHeld())) throw new RunStopped();
      return write(args);
    };
  return {
    postMessage: guarded((args) => writer.postMessage(args)),
    update: guarded((args) => writer.update(args)),
    delete: guarded((args) => writer.delete(args)),
    startStream: guarded((args) => writer.startStream(args)),
    appendStream: guarded((args) => writer.appendStream(args)),
    stopStream: guarded((args) => writer.stopStream(args)),
    replies: (args) => writer.replies(args),
    setStatus: guarded((args) => writer.setStatus(args)),
    setSessionStatus: guarded((args) => writer.setSessionStatus(args)),
    getUploadUrl: (args) => writer.getUploadUrl(args),
    uploadBytes: (args) => writer.uploadBytes(args),
    completeUpload: guarded((args) => writer.completeUpload(args)),
  };
}
