/**
 * Slack processes an uploaded file after files.completeUploadExternal answers: the share message
 * appears in the channel (or thread) a moment later, not in the completion's response. The
 * emulator finishes each share on a later tick; a test holds processing to see the gap.
 * @see https://docs.slack.dev/messaging/working-with-files#uploading_files
 */
export class FileProcessing {
  private held = false;
  private readonly pending: Array<() => void> = [];

  /** Runs `finish` once the file is processed: on a later tick, or when a hold is released. */
  schedule(finish: () => void): void {
    this.pending.push(finish);
    if (!this.held) setImmediate(() => this.drain());
  }

  /** While held, completed uploads stay unshared; releasing finishes them in order. */
  hold(held: boolean): void {
    this.held = held;
    if (!held) this.drain();
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  private drain(): void {
    while (!this.held && this.pending.length > 0) this.pending.shift()?.();
  }
}
