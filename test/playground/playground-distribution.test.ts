import { describe, expect, it } from 'vitest';
import type { ServiceEmulator } from '../../src/emulators/service/index.js';
import { playgroundConnection } from '../../src/playground/playground-connection.js';
import type { PlaygroundOAuth } from '../../src/playground/playground-installs.js';
import type { Playground } from '../../src/playground/start-playground.js';

const secrets = { botToken: 'xoxb-playground', signingSecret: 'signing', clientSecret: 'client', stateSecret: 'state-secret-0123456789' };
const oauth: PlaygroundOAuth = {
  clientId: '1000.2000',
  authorizeUrl: 'http://127.0.0.1:1/oauth/v2/authorize',
  encryptionKeys: [Buffer.alloc(32, 1)],
  homeUrlFor: () => undefined,
  seedFirstWorkspace: async () => undefined,
  appStarted: () => undefined,
};
const demoService = { url: 'http://127.0.0.1:2' } as ServiceEmulator;
const createService = () => {
  throw new Error('not called');
};
const playground = (p: Partial<Playground>): Playground => ({ documentUrlDomains: [], close: async () => undefined, ...p });

describe('the playground app distribution', () => {
  it('runs its OAuth installs (with the demo service) in the non-Marketplace tier, its bot token internal', () => {
    expect(playgroundConnection(playground({ oauth, demoService }), secrets, createService).distribution).toBe('non-marketplace');
    expect(playgroundConnection(playground({}), secrets, createService).distribution).toBe('internal');
  });

  it('follows SLACK_APP_DISTRIBUTION when it is set', () => {
    const set = playground({ oauth, demoService, distribution: 'marketplace' });
    expect(playgroundConnection(set, secrets, createService).distribution).toBe('marketplace');
  });
});
