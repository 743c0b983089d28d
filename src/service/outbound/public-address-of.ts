import { isIP } from 'node:net';
import type { HostResolver } from './host-resolver.js';
import { NonPublicAddressError } from './non-public-address-error.js';
import { isPublicAddress } from './public-address.js';

/**
 * The address to connect to for a host name (or IP literal) that must be public: refused when ANY
 * address it resolves to is not, since a client may pick any of them and an attacker's DNS picks
 * which. Failing to resolve is refused the same way.
 */
export async function publicAddressOf(hostname: string, resolve: HostResolver): Promise<string> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(bare) !== 0 ? [bare] : await resolve(bare);
  } catch {
    throw new NonPublicAddressError(bare);
  }
  const [first] = addresses;
  if (first === undefined || !addresses.every(isPublicAddress)) throw new NonPublicAddressError(bare);
  return first;
}
