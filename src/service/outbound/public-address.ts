import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an address (as net or dns gives it: dotted IPv4, or IPv6 without brackets) is on the
 * public internet. Only ipaddr.js's `unicast` range passes: loopback, private, CGNAT, link-local
 * (cloud metadata at 169.254.169.254), unique-local, unspecified, multicast, broadcast, reserved
 * and the IPv6 ranges that embed an IPv4 address (NAT64, 6to4, Teredo) are all refused. An
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  // isIP first: ipaddr.js would also read spellings (0x7f000001, 127.1) that net never hands us.
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 0) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  // ::a.b.c.d (the deprecated IPv4-compatible form) is routed as IPv4 by some stacks.
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  return v6.range() === 'unicast';
}
