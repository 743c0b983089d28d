import type { Logger } from '../observability/logger.js';

/** What the process closes on the way out: the reverse of the order it opened them, so users close before what they use. */
export class Closers {
  private readonly closers: Array<() => Promise<unknown>> = [];

  constructor(private readonly logger: Logger) {}

  add(close: () => Promise<unknown>): void {
    this.closers.push(close);
  }

  /** Closes each in turn; one that fails is logged and the rest still close. */
  async closeAll(): Promise<void> {
    for (const close of this.closers.reverse()) {
      await close().catch((error: unknown) => this.logger.warn('closing failed', { error }));
    }
  }
}
