import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config/config-error.js';
import { loadConfig } from '../src/config/load-config.js';

const secretBot = 'xoxb-1111-2222-abcdefSECRET';
const secretSigning = 'signing-secret-value-123';

describe('loadConfig', () => {
  it('starts the playground and the demo service on an empty environment', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.slack).toEqual({ mode: 'playground', playgroundPort: 8080 });
    expect(config.service).toEqual({ mode: 'demo', agentSpeed: 2 });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/app/data');
    expect(config.streaming).toBe('auto');
    expect(config.documentUrlDomains).toEqual(['research.example.com']);
    expect(config.secrets).toEqual([]);
  });

  describe('OAuth installs (SLACK_CLIENT_ID)', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const oldKey = Buffer.alloc(32, 9).toString('hex');
    const oauthEnv = {
      SLACK_CLIENT_ID: '1000.2000',
      SLACK_CLIENT_SECRET: 'client-secret-VALUE',
      SLACK_STATE_SECRET: 'state-secret-0123456789',
      SLACK_SIGNING_SECRET: secretSigning,
      SECRETS_ENCRYPTION_KEY: `${key},${oldKey}`,
      SERVICE_BASE_URL: 'https://research.example.com/',
    };

    it('reads the OAuth settings, the keys newest first, and a service without a key', () => {
      const config = loadConfig({ ...oauthEnv, SLACK_REDIRECT_URI: 'https://desk.example.com/slack/oauth_redirect' });
      expect(config.slack).toEqual({
        mode: 'http',
        signingSecret: secretSigning,
        oauth: {
          clientId: '1000.2000',
          clientSecret: 'client-secret-VALUE',
          stateSecret: 'state-secret-0123456789',
          redirectUri: 'https://desk.example.com/slack/oauth_redirect',
        },
        distribution: 'non-marketplace',
      });
      expect(config.service).toEqual({ mode: 'per-workspace', baseUrl: 'https://research.example.com', allowCustomBaseUrl: false });
      expect(config.encryptionKeys?.map((k) => k.toString('base64'))).toEqual([key, Buffer.from(oldKey, 'hex').toString('base64')]);
      // Every secret reaches the redactor, the encryption keys in both spellings.
      expect(config.secrets).toEqual(expect.arrayContaining(['client-secret-VALUE', 'state-secret-0123456789', key, oldKey]));
      expect(loadConfig({ ...oauthEnv, SLACK_APP_TOKEN: 'xapp-1' }).slack).toMatchObject({ mode: 'socket', appToken: 'xapp-1' });
      expect(loadConfig({ ...oauthEnv, SERVICE_ALLOW_CUSTOM_BASE_URL: 'yes' }).service).toMatchObject({ allowCustomBaseUrl: true });
    });

    it('names what is missing or clashes, never printing a value', () => {
      const without = (name: keyof typeof oauthEnv) => {
        const env: Record<string, string> = { ...oauthEnv };
        delete env[name];
        return env;
      };
      expect(() => loadConfig(without('SLACK_CLIENT_SECRET'))).toThrow(/^SLACK_CLIENT_SECRET is required with SLACK_CLIENT_ID/);
      expect(() => loadConfig(without('SECRETS_ENCRYPTION_KEY'))).toThrow(/^SECRETS_ENCRYPTION_KEY is required with SLACK_CLIENT_ID/);
      expect(() => loadConfig({ ...oauthEnv, SLACK_STATE_SECRET: 'short' })).toThrow(/^SLACK_STATE_SECRET is required .*at least 16/);
      expect(() => loadConfig({ ...oauthEnv, SLACK_BOT_TOKEN: secretBot })).toThrow(/^SLACK_BOT_TOKEN cannot be set with SLACK_CLIENT_ID/);
      expect(() => loadConfig({ ...oauthEnv, SERVICE_API_KEY: 'k' })).toThrow(/^SERVICE_API_KEY is for one workspace/);
      expect(() => loadConfig({ SLACK_CLIENT_SECRET: 'x' })).toThrow(/^SLACK_CLIENT_ID is required when SLACK_CLIENT_SECRET is set/);
      const badKey = (() => {
        try {
          loadConfig({ ...oauthEnv, SECRETS_ENCRYPTION_KEY: `${key},not-a-key-SECRET` });
        } catch (error) {
          return (error as Error).message;
        }
        return '';
      })();
      expect(badKey).toMatch(/^SECRETS_ENCRYPTION_KEY must be 32-byte keys .*key 2 is not/);
      expect(badKey).not.toContain('not-a-key');
      expect(badKey).not.toContain(key);
    });
  });

  it('shows token usage under agent answers only when the operator turns it on', () => {
    expect(loadConfig({}).showAgentUsage).toBe(false);
    expect(loadConfig({ AGENT_USAGE_FOOTER: 'on' }).showAgentUsage).toBe(true);
    expect(() => loadConfig({ AGENT_USAGE_FOOTER: 'yes' })).toThrow(/AGENT_USAGE_FOOTER/);
  });

  it('checks the figures of agent answers unless the operator turns it off', () => {
    expect(loadConfig({}).figureCheck).toBe(true);
    expect(loadConfig({ FIGURE_CHECK: 'off' }).figureCheck).toBe(false);
    expect(() => loadConfig({ FIGURE_CHECK: 'no' })).toThrow(/FIGURE_CHECK/);
  });

  it('reads the limits of files added to research folders, within the service’s own 50 MB', () => {
    expect(loadConfig({})).toMatchObject({ documentMaxBytes: 52_428_800, documentProcessingMs: 30 * 60_000 });
    expect(loadConfig({ DOCUMENT_MAX_BYTES: '10485760', DOCUMENT_PROCESSING_MINUTES: '5' })).toMatchObject({
      documentMaxBytes: 10_485_760,
      documentProcessingMs: 5 * 60_000,
    });
    expect(() => loadConfig({ DOCUMENT_MAX_BYTES: '52428801' })).toThrow(/DOCUMENT_MAX_BYTES/);
    expect(() => loadConfig({ DOCUMENT_MAX_BYTES: 'big' })).toThrow(/DOCUMENT_MAX_BYTES/);
    expect(() => loadConfig({ DOCUMENT_PROCESSING_MINUTES: '0' })).toThrow(/DOCUMENT_PROCESSING_MINUTES/);
  });

  it('reads the demo data date: a real day, or today when unset or "today"', () => {
    expect(loadConfig({ EMULATOR_DATA_DATE: '2026-03-11' }).service).toEqual({ mode: 'demo', agentSpeed: 2, dataDate: '2026-03-11' });
    expect(loadConfig({ EMULATOR_DATA_DATE: 'today' }).service).toEqual({ mode: 'demo', agentSpeed: 2 });
    expect(() => loadConfig({ EMULATOR_DATA_DATE: '2026-02-30' })).toThrow(/EMULATOR_DATA_DATE must be a date YYYY-MM-DD/);
  });

  it('chooses Socket Mode with an app token and HTTP mode with a signing secret', () => {
    expect(loadConfig({ SLACK_BOT_TOKEN: secretBot, SLACK_APP_TOKEN: 'xapp-1-abc' }).slack.mode).toBe('socket');
    const http = loadConfig({ SLACK_BOT_TOKEN: secretBot, SLACK_SIGNING_SECRET: secretSigning });
    expect(http.slack.mode).toBe('http');
    expect(http.secrets).toEqual(expect.arrayContaining([secretBot, secretSigning]));
  });

  it('mixes real Slack with the demo service and the real service with the playground', () => {
    const mixed = loadConfig({ SLACK_BOT_TOKEN: secretBot, SLACK_APP_TOKEN: 'xapp-1-abc' });
    expect(mixed.service.mode).toBe('demo');
    const remote = loadConfig({ SERVICE_BASE_URL: 'https://svc.example.com/', SERVICE_API_KEY: 'k-123456' });
    expect(remote.slack.mode).toBe('playground');
    expect(remote.service).toEqual({ mode: 'remote', baseUrl: 'https://svc.example.com', apiKey: 'k-123456' });
    expect(remote.documentUrlDomains).toEqual([]);
  });

  it('reads the service pool size: unset leaves the client its default, 0 means no limit', () => {
    expect(loadConfig({}).serviceMaxConnections).toBeUndefined();
    expect(loadConfig({ SERVICE_MAX_CONNECTIONS: '0' }).serviceMaxConnections).toBe(0);
    expect(loadConfig({ SERVICE_MAX_CONNECTIONS: '1024' }).serviceMaxConnections).toBe(1024);
  });

  it('reads one Redis topology: a server, a Cluster or Sentinel, with the password kept secret', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://r:6379/2' }).redis).toEqual({ kind: 'single', url: 'redis://r:6379/2' });
    const cluster = loadConfig({ REDIS_CLUSTER_NODES: 'r0:7000, r1:7001,[::1]:7002', REDIS_PASSWORD: 'redis-pw-SECRET' });
    expect(cluster.redis).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'r0', port: 7000 },
        { host: 'r1', port: 7001 },
        { host: '::1', port: 7002 },
      ],
      password: 'redis-pw-SECRET',
    });
    expect(cluster.secrets).toContain('redis-pw-SECRET');
    expect(loadConfig({ REDIS_SENTINELS: 's0:26379,s1:26379', REDIS_SENTINEL_NAME: 'mymaster' }).redis).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: 's0', port: 26379 },
        { host: 's1', port: 26379 },
      ],
      name: 'mymaster',
    });
  });

  it.each([
    [{ REDIS_CLUSTER_NODES: 'r0' }, 'REDIS_CLUSTER_NODES'],
    [{ REDIS_SENTINELS: 's0:26379' }, 'REDIS_SENTINEL_NAME'],
    [{ REDIS_URL: 'redis://r:6379', REDIS_CLUSTER_NODES: 'r0:7000' }, 'REDIS_CLUSTER_NODES'],
    [{ REDIS_URL: 'redis://r:6379', REDIS_PASSWORD: 'pw' }, 'REDIS_PASSWORD'],
    [{ SLACK_BOT_TOKEN: secretBot }, 'SLACK_SIGNING_SECRET'],
    [{ SLACK_APP_TOKEN: 'xapp-1-abc' }, 'SLACK_BOT_TOKEN'],
    [{ SLACK_BOT_TOKEN: 'not-a-token', SLACK_APP_TOKEN: 'xapp-1' }, 'SLACK_BOT_TOKEN'],
    [{ SERVICE_BASE_URL: 'https://svc.example.com' }, 'SERVICE_API_KEY'],
    [{ SERVICE_BASE_URL: 'ftp://x', SERVICE_API_KEY: 'k' }, 'SERVICE_BASE_URL'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SLACK_STREAMING: 'sometimes' }, 'SLACK_STREAMING'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ DOCUMENT_URL_DOMAINS: 'ok.example.com,bad domain' }, 'DOCUMENT_URL_DOMAINS'],
    [{ AGENT_IDLE_TIMEOUT_SECONDS: 'soon' }, 'AGENT_IDLE_TIMEOUT_SECONDS'],
    [{ INSTANCE_ID: 'two words' }, 'INSTANCE_ID'],
    [{ SERVICE_MAX_CONNECTIONS: '2.5' }, 'SERVICE_MAX_CONNECTIONS'],
  ])('refuses %j naming %s with an example', (env, variable) => {
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(variable)).toBe(true);
    expect(error.message).toContain('example:');
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it('never prints a secret value in an error', () => {
    const env = { SLACK_BOT_TOKEN: 'xoxp-user-token-not-bot-SECRET', SLACK_APP_TOKEN: 'xapp-1' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('SECRET');
    }
  });
});
