import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { loadConfig } from '../../src/config/load-config.js';

const botTokenEnv = { SLACK_BOT_TOKEN: 'xoxb-1-2-abc', SLACK_SIGNING_SECRET: 'signing-secret-value' };
const socketEnv = { SLACK_BOT_TOKEN: 'xoxb-1-2-abc', SLACK_APP_TOKEN: 'xapp-1-abc' };
const oauthEnv = {
  SLACK_CLIENT_ID: '1000.2000',
  SLACK_CLIENT_SECRET: 'client-secret-VALUE',
  SLACK_STATE_SECRET: 'state-secret-0123456789',
  SLACK_SIGNING_SECRET: 'signing-secret-value',
  SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  SERVICE_BASE_URL: 'https://research.example.com/',
};

describe('SLACK_APP_DISTRIBUTION', () => {
  it('defaults to internal with a bot token from the environment, non-marketplace with OAuth distribution', () => {
    expect(loadConfig(botTokenEnv).slack).toMatchObject({ mode: 'http', distribution: 'internal' });
    expect(loadConfig(socketEnv).slack).toMatchObject({ mode: 'socket', distribution: 'internal' });
    expect(loadConfig(oauthEnv).slack).toMatchObject({ mode: 'http', distribution: 'non-marketplace' });
    expect(loadConfig({ ...oauthEnv, SLACK_APP_TOKEN: 'xapp-1' }).slack).toMatchObject({ mode: 'socket', distribution: 'non-marketplace' });
  });

  it('leaves the playground to decide by how it connects, unless set', () => {
    expect(loadConfig({}).slack).toEqual({ mode: 'playground', playgroundPort: 8080 });
    expect(loadConfig({ SLACK_APP_DISTRIBUTION: 'internal' }).slack).toEqual({
      mode: 'playground',
      playgroundPort: 8080,
      distribution: 'internal',
    });
  });

  it.each([
    ['internal', 'internal'],
    ['non-marketplace', 'non-marketplace'],
    ['marketplace', 'marketplace'],
    [' Marketplace ', 'marketplace'],
  ])('takes %j as %s in every mode', (raw, expected) => {
    expect(loadConfig({ ...botTokenEnv, SLACK_APP_DISTRIBUTION: raw }).slack).toMatchObject({ distribution: expected });
    expect(loadConfig({ ...oauthEnv, SLACK_APP_DISTRIBUTION: raw }).slack).toMatchObject({ distribution: expected });
  });

  it('treats a blank value as unset', () => {
    expect(loadConfig({ ...oauthEnv, SLACK_APP_DISTRIBUTION: '  ' }).slack).toMatchObject({ distribution: 'non-marketplace' });
  });

  it('refuses another value, naming the variable and the allowed values', () => {
    const load = () => loadConfig({ ...botTokenEnv, SLACK_APP_DISTRIBUTION: 'public' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/^SLACK_APP_DISTRIBUTION must be one of internal, non-marketplace, marketplace, got "public"/);
  });
});
