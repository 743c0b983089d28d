import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ManifestError, parseManifest } from '../../src/doctor/read-manifest.js';

describe('parseManifest', () => {
  it("reads the repository's manifest: bot scopes, Socket Mode on, no request URL", () => {
    const facts = parseManifest(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8'), 'manifest.yml');
    expect(facts.botScopes).toEqual(expect.arrayContaining(['chat:write', 'commands', 'links:write']));
    expect(facts.socketModeEnabled).toBe(true);
    expect(facts.requestUrl).toBeUndefined();
    expect(facts.slashCommands.map((c) => c.command)).toEqual(['/research', '/financials', '/concepts']);
    expect(facts.slashCommands.find((c) => c.command === '/concepts')).toMatchObject({ shouldEscape: true, usageHint: expect.any(String) });
  });

  it("takes an HTTP-mode manifest's events request URL, else the interactivity one", () => {
    const http = (events: string) =>
      parseManifest(
        `oauth_config: {scopes: {bot: [chat:write]}}\nsettings:\n  socket_mode_enabled: false\n${events}  interactivity: {is_enabled: true, request_url: https://b.example/slack/events}\n`,
        'm.yml',
      );
    expect(http('  event_subscriptions: {request_url: https://a.example/slack/events}\n')).toEqual({
      botScopes: ['chat:write'],
      slashCommands: [],
      socketModeEnabled: false,
      requestUrl: 'https://a.example/slack/events',
    });
    expect(http('').requestUrl).toBe('https://b.example/slack/events');
  });

  it('says which file and field is wrong', () => {
    expect(() => parseManifest('a: [', 'm.yml')).toThrow(ManifestError);
    expect(() => parseManifest('a: [', 'm.yml')).toThrow(/^m\.yml is not valid YAML/);
    expect(() => parseManifest('display_information: {name: x}', 'm.yml')).toThrow(/^m\.yml: oauth_config: /);
  });
});
