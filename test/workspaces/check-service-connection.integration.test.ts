/**
 * The connect modal's check, against the real service emulator: a working key is accepted, and
 * every way the input can be wrong names the field to fix, without repeating the key.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { createResearchClient } from '../../src/service/research-client.js';
import { noRetryPolicy } from '../../src/service/retry-policy.js';
import { checkServiceConnection } from '../../src/workspaces/check-service-connection.js';
import { ConnectionRejectedError } from '../../src/workspaces/workspace-errors.js';

let service: ServiceEmulator;
const options = (allowCustomBaseUrl: boolean) => ({
  defaultBaseUrl: service.url,
  allowCustomBaseUrl,
  createService: (credentials: { baseUrl: string; apiKey: string }) =>
    createResearchClient({ ...credentials, retry: noRetryPolicy, timeoutMs: 30_000 }),
});

async function rejection(request: { apiKey: string; baseUrl?: string }, allowCustom = false): Promise<ConnectionRejectedError> {
  const error = await checkServiceConnection(request, options(allowCustom)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectionRejectedError);
  return error as ConnectionRejectedError;
}

beforeAll(async () => {
  service = await startServiceEmulator({ port: 0, apiKey: 'team-key-one', moreApiKeys: ['team-key-two'] });
});
afterAll(async () => service.close());

describe('checkServiceConnection', () => {
  it('accepts any key the service accepts, trimmed, on the default base URL', async () => {
    await expect(checkServiceConnection({ apiKey: '  team-key-two \n' }, options(false))).resolves.toEqual({
      baseUrl: service.url,
      apiKey: 'team-key-two',
    });
  });

  it('refuses a key the service refuses, on the key field, without repeating it', async () => {
    const error = await rejection({ apiKey: 'wrong-key-XYZ' });
    expect(error.field).toBe('api_key');
    expect(error.message).toMatch(/did not accept this key/);
    expect(error.message).not.toContain('XYZ');
  });

  it('asks for a key when none was typed, and refuses text that cannot be a key', async () => {
    expect((await rejection({ apiKey: '   ' })).message).toMatch(/Paste the research service API key/);
    expect((await rejection({ apiKey: 'two words' })).message).toMatch(/does not look like an API key/);
  });

  it('ignores a base URL where the deployment allows none, and checks one where it does', async () => {
    await expect(
      checkServiceConnection({ apiKey: 'team-key-one', baseUrl: 'https://elsewhere.invalid' }, options(false)),
    ).resolves.toMatchObject({
      baseUrl: service.url,
    });
    expect((await rejection({ apiKey: 'team-key-one', baseUrl: 'not a url' }, true)).field).toBe('base_url');
    expect((await rejection({ apiKey: 'team-key-one', baseUrl: 'ftp://research.example.com' }, true)).message).toMatch(/https:\/\//);
  });

  // Issue 28: a custom address no longer says which of these it met (that made the modal a port
  // scanner); both are on loopback, refused before any call. service-url-fence.integration.test.ts.
  it('refuses a custom address where nothing answers, or something that is not the service, in one wording', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await rejection({ apiKey: 'team-key-one', baseUrl: `http://127.0.0.1:${port}` }, true);
    expect(unreachable.field).toBe('base_url');
    expect(unreachable.message).toMatch(/could not use a research service at this address with this key/);

    const other = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>nothing here</h1>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const wrong = await rejection({ apiKey: 'team-key-one', baseUrl: `http://127.0.0.1:${(other.address() as AddressInfo).port}` }, true);
      expect(wrong.field).toBe('base_url');
      expect(wrong.message).toBe(unreachable.message);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
