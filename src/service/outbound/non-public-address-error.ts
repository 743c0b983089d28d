/**
 * A workspace's own service URL named, or resolved to, an address that is not public (loopback,
 * private, link-local, metadata…). Thrown before any connection is made, so nothing, not even the
 * key, reaches that address. The message is for logs; users get one wording for every failure of
 * a custom URL (check-service-connection.ts), so it cannot be used to map an internal network.
 */
export class NonPublicAddressError extends Error {
  override readonly name = 'NonPublicAddressError';
  readonly code = 'ERR_NON_PUBLIC_ADDRESS';
  constructor(readonly hostname: string) {
    super(`${hostname} is not, or does not resolve only to, public internet addresses`);
  }
}

export function isNonPublicAddressError(error: unknown): error is NonPublicAddressError {
  return error instanceof NonPublicAddressError || (error as { code?: unknown } | null)?.code === 'ERR_NON_PUBLIC_ADDRESS';
}
