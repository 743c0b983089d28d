import { lookup } from 'node:dns/promises';

/** A host name → every address it resolves to. Injected in tests to play DNS (and DNS rebinding). */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** The system's resolver (getaddrinfo, so /etc/hosts counts), all addresses of both families. */
export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
