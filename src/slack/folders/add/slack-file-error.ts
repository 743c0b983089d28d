/** Why a Slack file could not be read: each kind becomes a sentence for the user (add-failure-words.ts). */
/** `no_scope`: the installation predates the `files:read` scope (issue 31): only a reinstall gives it. */
export type SlackFileProblem = 'deleted' | 'no_scope' | 'not_given' | 'too_large' | 'unreachable';

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
