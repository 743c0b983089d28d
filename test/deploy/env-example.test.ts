/**
 * .env.example lists every variable the app reads, once, with its default: the set is the config
 * schema's (load-config.ts) and the few the OpenTelemetry SDK reads itself, and the file loads into exactly the configuration an empty
 * environment gives, so a changed default or a new variable fails here until the file follows.
 */
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../src/config/load-config.js';
import { readEnvExample } from './deploy-files.js';
import { SDK_VARIABLES } from './sdk-variables.js';

describe('.env.example', () => {
  const { env, names } = readEnvExample();

  it("names exactly the app's variables, each once", () => {
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    expect(repeated).toEqual([]);
    expect([...names].sort()).toEqual([...CONFIG_VARIABLES, ...SDK_VARIABLES].sort());
  });

  it('gives each its default: loaded as is, it is the configuration of an empty environment', () => {
    expect(loadConfig(env, '/app')).toEqual(loadConfig({}, '/app'));
  });

  it('sets no secret: every value that would be redacted is empty', () => {
    expect(loadConfig(env, '/app').secrets).toEqual([]);
    for (const line of Object.entries(env)) {
      if (/TOKEN|SECRET|PASSWORD|API_KEY|ENCRYPTION|HEADERS/.test(line[0])) expect(line[1], line[0]).toBe('');
    }
  });
});
