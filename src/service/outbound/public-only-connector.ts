import { buildConnector } from 'undici';
import { systemResolver, type HostResolver } from './host-resolver.js';
import { publicAddressOf } from './public-address-of.js';

export interface PublicOnlyOptions {
  /** Default: the system resolver. */
  resolve?: HostResolver;
  /**
   * Opens the socket to the checked address; default undici's own connector. A test seam: a test
   * may route a checked public address to a local server, as a network would.
   */
  dial?: buildConnector.connector;
}

/**
 * An undici connector for a service URL a workspace typed: every new connection resolves the host
 * and connects to the very address it checked (hostname replaced by that IP), so a DNS answer that
 * changes between the check and the connect (rebinding) cannot lead it inside. TLS still verifies
 * the certificate against the host name: undici takes the SNI name from the URL's host, not from
 * `hostname`.
 */
export function publicOnlyConnector(options: PublicOnlyOptions = {}): buildConnector.connector {
  const resolve = options.resolve ?? systemResolver;
  // HTTP/1.1 only, as the client's own Agents (research-client.ts): a custom connector offers TLS
  // ALPN itself, and undici 8's default would offer h2.
  const dial = options.dial ?? buildConnector({ allowH2: false });
  return (connectOptions, callback) => {
    publicAddressOf(connectOptions.hostname, resolve).then(
      (address) => dial({ ...connectOptions, hostname: address }, callback),
      (error: Error) => callback(error, null),
    );
  };
}
