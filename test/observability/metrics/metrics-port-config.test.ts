/** METRICS_PORT: unset means no metrics server; a bad value is one line naming it, with an example. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '../../../src/config/config-error.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { readServer, serverVariables } from '../../../src/config/server-config.js';
import { deskSettingsFromConfig } from '../../../src/composition/desk-settings-from-config.js';

const settings = (env: Record<string, string>) =>
  deskSettingsFromConfig(loadConfig(env, '/srv/app'), { localHost: '127.0.0.1', playgroundDocumentDomains: [] });

describe('METRICS_PORT', () => {
  it('is off when unset or blank, and reaches the desk when set', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '  ' }).metricsPort).toBeUndefined();
    expect(settings({})).not.toHaveProperty('metricsPort');
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(settings({ METRICS_PORT: ' 9464 ' })).toMatchObject({ metricsPort: 9464 });
  });

  it.each(['abc', '-1', '70000', '9464.5', '1e3', '0x2000', '9464/tcp'])('refuses %j, naming the variable and an example', (value) => {
    const error = (() => {
      try {
        loadConfig({ METRICS_PORT: value });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      `METRICS_PORT must be a port number from 0 to 65535 (9464 is the port commonly given to an app's Prometheus endpoint), got "${value}" (example: METRICS_PORT=9464)`,
    );
  });

  it('is never the public port', () => {
    const slice = z.object(serverVariables).transform((e, ctx) => readServer(e, ctx));
    const same = slice.safeParse({ PORT: '3000', METRICS_PORT: '3000' });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]).toMatchObject({
      path: ['METRICS_PORT'],
      message: 'must differ from PORT (3000): metrics stay off the public port',
    });
    // Both chosen by the system (tests) never collide.
    expect(slice.safeParse({ PORT: '0', METRICS_PORT: '0' }).success).toBe(true);
    expect(slice.parse({ PORT: '3000', METRICS_PORT: '9464' })).toMatchObject({ port: 3000, metricsPort: 9464 });
  });
});
