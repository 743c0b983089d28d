/** Installations survive a restart of the playground (tokens kept as hashes only); reset leaves the seed alone installed. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harborWorkspace, startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { callApi, install } from './oauth-helpers.js';

describe('installations in the state file', () => {
  let dir: string;
  let file: string;
  const open: SlackEmulator[] = [];

  const start = async (botToken: string): Promise<SlackEmulator> => {
    const emu = await startSlackEmulator({
      rateLimits: 'off',
      stateFile: file,
      botToken,
      onStateFileProblem: (e) => {
        throw e;
      },
    });
    open.push(emu);
    return emu;
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'slack-installs-'));
    file = path.join(dir, 'slack.json');
  });
  afterEach(async () => {
    for (const emu of open.splice(0)) await emu.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps an OAuth installation and its token across a restart, never writing the token, and reset forgets it', async () => {
    const first = await start('xoxb-first-start');
    const { access_token: token } = await install(first, { teamId: harborWorkspace.teamId });
    await first.close();
    open.splice(open.indexOf(first), 1);
    const written = await readFile(file, 'utf8');
    expect(written).not.toContain(token);
    expect(written).not.toContain('xoxb-first-start');

    const second = await start('xoxb-second-start');
    expect(await callApi(second, 'auth.test', {}, { token })).toMatchObject({ ok: true, team_id: harborWorkspace.teamId });
    // The configured token is the new start's; the old one is gone with the old start.
    expect((await callApi(second, 'auth.test', {}, { token: 'xoxb-second-start' })).ok).toBe(true);
    expect(await callApi(second, 'auth.test', {}, { token: 'xoxb-first-start' })).toEqual({ ok: false, error: 'invalid_auth' });
    expect(
      second
        .workspaces()
        .filter((w) => w.installed)
        .map((w) => w.id),
    ).toEqual(['T0EMUTEAM1', harborWorkspace.teamId]);

    await second.reset();
    expect(
      second
        .workspaces()
        .filter((w) => w.installed)
        .map((w) => w.id),
    ).toEqual(['T0EMUTEAM1']);
    expect(await callApi(second, 'auth.test', {}, { token })).toEqual({ ok: false, error: 'invalid_auth' });
  });
});
