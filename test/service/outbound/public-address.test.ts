/** The address classification behind the outbound fence (issue 28): only public unicast passes. */
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../src/service/outbound/public-address.js';

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.100.100.200', 'CGNAT (Alibaba metadata)'],
    ['169.254.169.254', 'link-local (metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['239.1.1.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local (AWS metadata)'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::808:808', 'IPv4-compatible, even of a public address'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2001:db8::1', 'documentation'],
    ['[::1]', 'bracketed'],
    ['0x7f000001', 'not an address net hands us'],
    ['localhost', 'a name'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
