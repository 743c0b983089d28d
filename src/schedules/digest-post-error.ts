/** A digest post that certainly did not reach Slack and may be tried again. */
export class DigestPostError extends Error {
  override readonly name = 'DigestPostError';
  readonly retryable = true;
  constructor(
    readonly teamId: string,
    readonly channelId: string,
    readonly slotIso: string,
    readonly attempt: number,
  ) {
    super(`digest post for ${teamId}/${channelId} slot ${slotIso} failed (attempt ${attempt})`);
  }
}
