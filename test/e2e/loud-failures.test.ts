/**
 * Faults that used to fail silently with OAuth installs (issue 28, defect 10): the app started
 * with another SECRETS_ENCRYPTION_KEY than the one its installations were sealed with, or a store
 * that lost its installations. /readyz must fail naming the cause (no secret), and a slash
 * command must be answered saying the app is misconfigured, instead of an empty acknowledgement.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace } from '../../src/emulators/slack/index.js';
import { type ResearchDesk, startResearchDesk } from '../../src/research-desk.js';
import { allText, buttonsOf, nextEphemeral, splitCommand } from './command-helpers.js';
import { E2E_OAUTH_SECRETS, type Harness, startHarness } from './harness.js';
import { installOAuth } from './multi-workspace-helpers.js';

interface Readiness {
  ok: boolean;
  checks: Array<{ name: string; ok: boolean; reason?: string }>;
}

async function readyz(port: number): Promise<{ status: number; body: Readiness; text: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Readiness, text };
}

const HARBOR_KEY = 'harbor-loud-failures-key-5555';

const harborCommand = (h: Harness, line: string) =>
  nextEphemeral(
    h,
    () => h.slack.sendCommand({ ...splitCommand(line), channel_id: harborWorkspace.researchChannelId, user_id: harborWorkspace.userId }),
    { channel: harborWorkspace.researchChannelId, user: harborWorkspace.userId },
  );

describe('installations the app cannot use', () => {
  let h: Harness;
  let restarted: ResearchDesk | undefined;
  beforeAll(async () => {
    h = await startHarness({ store: 'redis', oauth: { serviceKeys: [HARBOR_KEY] } });
  }, 30_000);
  afterEach(async () => {
    await restarted?.stop();
    restarted = undefined;
  });
  afterAll(async () => h?.close());

  it('a wrong SECRETS_ENCRYPTION_KEY: /readyz 503 "installations_unreadable", and a slash command says the app is misconfigured', async () => {
    expect((await installOAuth(h, { teamId: harborWorkspace.teamId })).status).toBe(200);
    expect((await readyz(h.desk.port)).status).toBe(200);
    await h.desk.workspaces.connect(
      { teamId: harborWorkspace.teamId },
      { apiKey: HARBOR_KEY, by: { id: harborWorkspace.adminUserId, workspaceAdmin: true } },
    );
    const card = await harborCommand(h, '/research NVDA');
    const firstButton = buttonsOf(card).find((b) => !b.url);
    if (!firstButton) throw new Error(`the card has no button: ${allText(card)}`);

    // The same store, restarted with another key: the installation was sealed with the first.
    await h.desk.stop();
    const wrongKey = Buffer.alloc(32, 7);
    const multiWorkspace = h.deskOptions.multiWorkspace;
    if (!multiWorkspace) throw new Error('the harness runs with OAuth installs');
    restarted = await startResearchDesk({ ...h.deskOptions, multiWorkspace: { ...multiWorkspace, encryptionKeys: [wrongKey] } });
    h.slack.setRequestUrl(`http://127.0.0.1:${restarted.port}/slack/events`);

    const ready = await readyz(restarted.port);
    expect(ready.status).toBe(503);
    expect(ready.body.checks.find((c) => c.name === 'installations')).toMatchObject({ ok: false, reason: 'installations_unreadable' });
    for (const secret of [wrongKey, E2E_OAUTH_SECRETS.encryptionKey]) {
      expect(ready.text).not.toContain(secret.toString('base64'));
      expect(ready.text).not.toContain(secret.toString('hex'));
    }

    const answer = allText(await harborCommand(h, '/research NVDA'));
    expect(answer).toContain('misconfigured');
    expect(answer).toContain('tell your Slack admin');
    expect(h.logs.some((line) => line.includes('"level":"error"') && line.includes('SECRETS_ENCRYPTION_KEY'))).toBe(true);

    // A button on a card from before: answered on its response_url, which needs no token.
    const clicked = await nextEphemeral(
      h,
      () =>
        h.slack.clickAction({
          channel_id: card.channel,
          message_ts: card.ts,
          action_id: firstButton.action_id,
          ...(firstButton.value !== undefined ? { value: firstButton.value } : {}),
          user_id: harborWorkspace.userId,
          ephemeral: true,
        }),
      { channel: harborWorkspace.researchChannelId, user: harborWorkspace.userId },
    );
    expect(allText(clicked)).toContain('misconfigured');
  });

  it('a store emptied of installations: a command says the installation was lost, and /readyz 503 "installations_lost"', async () => {
    const multiWorkspace = h.deskOptions.multiWorkspace;
    if (!multiWorkspace) throw new Error('the harness runs with OAuth installs');
    restarted = await startResearchDesk(h.deskOptions);
    h.slack.setRequestUrl(`http://127.0.0.1:${restarted.port}/slack/events`);
    const desk = { desk: restarted, slack: h.slack };
    expect((await installOAuth(desk, { teamId: harborWorkspace.teamId })).status).toBe(200);
    expect((await readyz(restarted.port)).status).toBe(200);

    // Redis restarted without its data: every installation is gone, Slack still sends requests.
    for (const key of await h.store.keys('install:')) await h.store.delete(key);

    const answer = allText(await harborCommand(h, '/concepts'));
    expect(answer).toContain('lost this workspace’s installation');
    expect(answer).toContain('reinstalling');
    const ready = await readyz(restarted.port);
    expect(ready.status).toBe(503);
    expect(ready.body.checks.find((c) => c.name === 'installations')).toMatchObject({ ok: false, reason: 'installations_lost' });

    // Reinstalling restores it: ready again, and commands are served.
    expect((await installOAuth(desk, { teamId: harborWorkspace.teamId })).status).toBe(200);
    expect((await readyz(restarted.port)).status).toBe(200);
    expect(allText(await harborCommand(h, '/concepts'))).not.toContain('misconfigured');
  });
});
