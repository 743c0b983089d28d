/**
 * Issue 28, defect 4: a workspace's own service URL (SERVICE_ALLOW_CUSTOM_BASE_URL) may only lead
 * to public internet addresses, at save and at every later connection, in any spelling of an
 * internal address; every failure of such a URL reads the same, so the modal cannot be used to
 * scan ports. The clients are made by the app's own factory (serviceClientFactory); the service
 * that must never be reached is a real emulator on loopback.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildConnector } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceClientFactory } from '../../src/composition/service-client-factory.js';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { ServiceError } from '../../src/service/errors/service-error.js';
import { createResearchClient } from '../../src/service/research-client.js';
import { noRetryPolicy } from '../../src/service/retry-policy.js';
import { checkServiceConnection } from '../../src/workspaces/check-service-connection.js';
import { ConnectionRejectedError } from '../../src/workspaces/workspace-errors.js';

const KEY = 'team-key-one';
/** The one wording of every failure of a custom URL. */
const REFUSAL = /could not use a research service at this address with this key/;

let internal: ServiceEmulator; // what an attacker wants to reach: loopback, with a working key
let trusted: ServiceEmulator; // the operator's SERVICE_BASE_URL, also on loopback
let port: number;

const factory = () =>
  serviceClientFactory(
    {
      service: { mode: 'per-workspace', baseUrl: trusted.url, allowCustomBaseUrl: true },
      serviceTimeoutMs: 5000,
      serviceMaxConnections: undefined,
    },
    createMemoryLogger((text) => text),
  );

async function rejectionOf(promise: Promise<unknown>): Promise<ConnectionRejectedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectionRejectedError);
  return error as ConnectionRejectedError;
}

beforeAll(async () => {
  internal = await startServiceEmulator({ port: 0, apiKey: KEY });
  trusted = await startServiceEmulator({ port: 0, apiKey: KEY });
  port = Number(new URL(internal.url).port);
});
afterAll(async () => {
  await internal.close();
  await trusted.close();
});
beforeEach(() => {
  internal.requestLog.length = 0;
});

describe('a custom service URL at save (the connect modal check)', () => {
  const loopbackSpellings = ['127.0.0.1', 'localhost', '0x7f000001', '2130706433', '017700000001', '127.1', '[::ffff:127.0.0.1]', '[::1]'];
  it.each(loopbackSpellings)('refuses http://%s:<port> of a working service on loopback, without calling it', async (host) => {
    const options = { defaultBaseUrl: trusted.url, allowCustomBaseUrl: true, createService: factory() };
    const error = await rejectionOf(checkServiceConnection({ apiKey: KEY, baseUrl: `http://${host}:${port}` }, options));
    expect(error.field).toBe('base_url');
    expect(error.message).toMatch(REFUSAL);
    expect(internal.requestLog).toEqual([]);
  });

  const otherInternal = [
    '169.254.169.254', // cloud metadata
    '10.0.0.1',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1', // CGNAT
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '[fe80::1]',
    '[fc00::1]',
    '[fd00:ec2::254]', // AWS metadata over IPv6
    '[::]',
    '[::ffff:169.254.169.254]',
    '[::ffff:a00:1]',
  ];
  it.each(otherInternal)('refuses http://%s with the same wording', async (host) => {
    const options = { defaultBaseUrl: trusted.url, allowCustomBaseUrl: true, createService: factory() };
    const error = await rejectionOf(checkServiceConnection({ apiKey: KEY, baseUrl: `http://${host}` }, options));
    expect(error.field).toBe('base_url');
    expect(error.message).toMatch(REFUSAL);
  });

  it('still accepts the operator’s own base URL on loopback (it is trusted)', async () => {
    const options = { defaultBaseUrl: trusted.url, allowCustomBaseUrl: true, createService: factory() };
    await expect(checkServiceConnection({ apiKey: KEY, baseUrl: trusted.url }, options)).resolves.toEqual({
      baseUrl: trusted.url,
      apiKey: KEY,
    });
  });
});

describe('a custom service URL whose name resolves public', () => {
  /** Plays DNS: the name's addresses can change between save and use, as a rebinding attacker's do. */
  const dns = new Map<string, string[]>();
  const resolve = async (hostname: string): Promise<string[]> => dns.get(hostname) ?? [];
  /** Plays the network: a checked public address is routed to a loopback server; records what was dialled. */
  const dialled: string[] = [];
  const routeTo =
    (targetPort: () => number): buildConnector.connector =>
    (options, callback) => {
      dialled.push(options.hostname);
      buildConnector({})({ ...options, hostname: '127.0.0.1', port: String(targetPort()) }, callback);
    };
  let target = 0;
  const guarded = (credentials: { baseUrl: string; apiKey: string }) =>
    createResearchClient({
      ...credentials,
      retry: noRetryPolicy,
      timeoutMs: 30_000,
      publicAddressesOnly: { resolve, dial: routeTo(() => target) },
    });
  const options = () => ({ defaultBaseUrl: trusted.url, allowCustomBaseUrl: true, createService: guarded, resolveHost: resolve });

  beforeEach(() => {
    dns.clear();
    dialled.length = 0;
    target = port;
  });

  it('is saved, connects to the address it checked, and is refused once the name resolves inside', async () => {
    dns.set('research.example.net', ['93.184.216.34']);
    await expect(checkServiceConnection({ apiKey: KEY, baseUrl: 'http://research.example.net' }, options())).resolves.toEqual({
      baseUrl: 'http://research.example.net',
      apiKey: KEY,
    });
    expect(dialled).toEqual(['93.184.216.34']);
    expect(internal.requestLog).toHaveLength(1);

    // Later the name answers with an internal address too (DNS rebinding): the next connection is refused.
    dns.set('research.example.net', ['93.184.216.34', '10.1.2.3']);
    const client = guarded({ baseUrl: 'http://research.example.net', apiKey: KEY });
    try {
      const error = await client.latestConcepts({ includeDocs: false }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).kind).toBe('network');
    } finally {
      await client.close();
    }
    dns.set('research.example.net', ['127.0.0.1']);
    const error = await rejectionOf(checkServiceConnection({ apiKey: KEY, baseUrl: 'http://research.example.net' }, options()));
    expect(error.message).toMatch(REFUSAL);
    expect(dialled).toEqual(['93.184.216.34']);
    expect(internal.requestLog).toHaveLength(1);
  });

  it('is refused when the name resolves public at the check and inside at the connection', async () => {
    let answers = 0;
    const flipping = async (): Promise<string[]> => (answers++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
    const flippingClient = (credentials: { baseUrl: string; apiKey: string }) =>
      createResearchClient({
        ...credentials,
        retry: noRetryPolicy,
        timeoutMs: 30_000,
        publicAddressesOnly: { resolve: flipping, dial: routeTo(() => port) },
      });
    const error = await rejectionOf(
      checkServiceConnection(
        { apiKey: KEY, baseUrl: 'http://rebind.example.net' },
        { defaultBaseUrl: trusted.url, allowCustomBaseUrl: true, createService: flippingClient, resolveHost: flipping },
      ),
    );
    expect(error.message).toMatch(REFUSAL);
    expect(dialled).toEqual([]);
    expect(internal.requestLog).toEqual([]);
  });

  it('reads the same whether the port is closed, another server answers, or the key is refused', async () => {
    dns.set('research.example.net', ['93.184.216.34']);
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const other = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>nothing here</h1>');
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    try {
      const messages: string[] = [];
      for (const [to, key] of [
        [closedPort, KEY],
        [(other.address() as AddressInfo).port, KEY],
        [port, 'not-the-key'],
      ] as const) {
        target = to;
        const error = await rejectionOf(checkServiceConnection({ apiKey: key, baseUrl: 'http://research.example.net' }, options()));
        expect(error.field).toBe('base_url');
        messages.push(error.message);
      }
      expect(new Set(messages).size).toBe(1);
      expect(messages[0]).toMatch(REFUSAL);
    } finally {
      await new Promise<void>((done) => other.close(() => done()));
    }
  });
});

describe('a redirect from a custom service URL', () => {
  it('is not followed: the address it names inside gets no request', async () => {
    const redirecting = createServer((req, res) => {
      res.writeHead(302, { location: `${internal.url}${req.url ?? '/'}` });
      res.end();
    });
    await new Promise<void>((done) => redirecting.listen(0, '127.0.0.1', done));
    const redirectPort = (redirecting.address() as AddressInfo).port;
    const routed = (credentials: { baseUrl: string; apiKey: string }) =>
      createResearchClient({
        ...credentials,
        retry: noRetryPolicy,
        timeoutMs: 30_000,
        publicAddressesOnly: {
          resolve: async () => ['93.184.216.34'],
          dial: (options, callback) => buildConnector({})({ ...options, hostname: '127.0.0.1', port: String(redirectPort) }, callback),
        },
      });
    try {
      const error = await rejectionOf(
        checkServiceConnection(
          { apiKey: KEY, baseUrl: 'http://research.example.net' },
          { defaultBaseUrl: trusted.url, allowCustomBaseUrl: true, createService: routed, resolveHost: async () => ['93.184.216.34'] },
        ),
      );
      expect(error.message).toMatch(REFUSAL);
      expect(internal.requestLog).toEqual([]);
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((done) => redirecting.close(() => done()));
    }
  });
});

describe('a custom service URL at use', () => {
  it('is refused at every connection when it names an internal address (a URL saved before the fence)', async () => {
    const client = factory()({ baseUrl: `http://localhost:${port}`, apiKey: KEY });
    try {
      const error = await client.latestConcepts({ includeDocs: false }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ServiceError);
      expect(internal.requestLog).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('leaves the operator’s own base URL alone', async () => {
    const client = factory()({ baseUrl: trusted.url, apiKey: KEY });
    try {
      await expect(client.latestConcepts({ includeDocs: false })).resolves.toBeInstanceOf(Array);
    } finally {
      await client.close();
    }
  });
});

describe('the key check', () => {
  it('says a key with characters a key cannot have is not a key, and how to fix it', async () => {
    const options = { defaultBaseUrl: trusted.url, allowCustomBaseUrl: false, createService: factory() };
    for (const key of ['team-key-one…', 'tëam-key-one', '“team-key-one”']) {
      const error = await rejectionOf(checkServiceConnection({ apiKey: key }, options));
      expect(error.field).toBe('api_key');
      expect(error.message).toMatch(/characters an API key cannot have/);
      expect(error.message).toMatch(/copy the key again/i);
      expect(error.message).not.toContain('team-key');
    }
  });
});
