/** The channel's digest lock expired between attempts and another replica may hold it now. */
export class DigestLockLostError extends Error {
  override readonly name = 'DigestLockLostError';
  constructor(
    readonly teamId: string,
    readonly channelId: string,
  ) {
    super(`digest lock for ${teamId}/${channelId} was lost between attempts`);
  }
}
