/** Why a Slack file could not be read: each kind becomes a sentence for the user (add-failure-words.ts). */
export type SlackFileProblem = 'deleted' | 'not_given' | 'too_large' | 'unreachable';

export class SlackFileError extends Error {
  override readonly name = 'SlackFileError';
  constructor(
    readonly problem: SlackFileProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
