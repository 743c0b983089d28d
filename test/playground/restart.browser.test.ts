/**
 * The playground's headline: an agent run interrupted by a restart of `npm start` continues in the
 * same Slack message. The real entry point runs as a child process on one DATA_DIR, twice; a
 * person in Chromium asks, watches the run start, the app is stopped (Ctrl+C) and started again,
 * the page is reloaded, and the same reply goes on to its report, once.
 *
 * Mid-run by construction, not by timing: the first start runs the demo agent at its slowest
 * (EMULATOR_AGENT_SPEED=0.1, a run of about five minutes), so the run is still early when it is
 * stopped; the second start runs it fast.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../support/poll-until.js';
import { PROJECT_ROOT } from '../support/test-processes.js';
import { launchChromium, openPlayground, screenshot, typeInComposer } from './browser-helpers.js';

interface ApiMessage {
  ts: string;
  user: string;
  is_bot: boolean;
  text: string;
  blocks: Array<{ type: string }> | null;
  replies: ApiMessage[];
}

interface RunningApp {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const QUESTION =
  'Compare Kweichow Moutai and NVIDIA: how have their cash positions, margins and revenue growth moved over the last years, and what does that mean for their dividends?';

async function startApp(dataDir: string, playgroundPort: number, agentSpeed: string): Promise<RunningApp> {
  // tsx, as `npm start` runs it: the playground page's files are found next to the source.
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      PLAYGROUND_PORT: String(playgroundPort),
      DATA_DIR: dataDir,
      EMULATOR_AGENT_SPEED: agentSpeed,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exitCode: number | null | undefined;
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', (code) => (exitCode = code));
  // A bound on a start that never comes, not a measurement (a cold tsx start on a busy machine is slow).
  const url = await pollUntil(
    () => {
      if (exitCode !== undefined) throw new Error(`exited with ${exitCode} before it was ready:\n${output}`);
      return /(http:\/\/localhost:\d+)/.exec(output)?.[1];
    },
    { what: () => `a playground URL (output:\n${output})`, timeoutMs: 120_000, intervalMs: 100 },
  );
  return { child, url, output: () => output };
}

/** Ctrl+C, as a person stops `npm start`; resolves with the exit code. */
function stopApp(app: RunningApp): Promise<number | null> {
  return new Promise((resolve) => {
    app.child.once('exit', (code) => resolve(code));
    app.child.kill('SIGINT');
  });
}

let dataDir = '';
let app: RunningApp | undefined;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-restart-'));
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (app && app.child.exitCode === null) await stopApp(app);
  await rm(dataDir, { recursive: true, force: true });
});

async function threadOf(url: string, questionTs: string): Promise<ApiMessage[]> {
  const channels = (await (await fetch(`${url}/api/channels`)).json()) as Array<{ id: string }>;
  const view = (await (await fetch(`${url}/api/channels/${channels[0]!.id}/messages`)).json()) as { messages: ApiMessage[] };
  return view.messages.find((m) => m.ts === questionTs)?.replies ?? [];
}

describe('a restart of npm start in the middle of an agent run', () => {
  it('continues the same reply after a reload, and finishes it once', async () => {
    app = await startApp(dataDir, 0, '0.1');
    const playgroundPort = Number(new URL(app.url).port);
    ({ page, errors: pageErrors } = await openPlayground(browser, app.url, { timeoutMs: 15_000 }));

    await typeInComposer(page, `@Research Desk ${QUESTION}`);
    const question = page.locator('.main .message:not(.ephemeral)', { hasText: 'Kweichow Moutai and NVIDIA' }).last();
    await question.locator('.thread-summary').click();
    const pane = page.locator('.thread-pane');
    const reply = pane
      .locator('.message[data-user]')
      .filter({ has: page.locator('.app-badge') })
      .first();
    await reply.getByText(/Working…/).waitFor();
    await screenshot(page, 'restart-before');
    const questionTs = await question.getAttribute('data-ts');
    expect(questionTs).toBeTruthy();
    const before = (await threadOf(app.url, questionTs!)).filter((m) => m.is_bot);
    expect(before).toHaveLength(1);
    expect(before[0]!.text).toMatch(/Working/);

    // Ctrl+C mid-run, then `npm start` again on the same DATA_DIR and port.
    const errorsAtStop = pageErrors.length;
    expect(await stopApp(app)).toBe(0);
    app = await startApp(dataDir, playgroundPort, '50');
    const errorsAtReload = pageErrors.length;
    await page.reload();
    await page.locator('body[data-ready="true"]').waitFor();

    const questionAgain = page.locator('.main .message:not(.ephemeral)', { hasText: 'Kweichow Moutai and NVIDIA' }).last();
    await questionAgain.locator('.thread-summary').click();
    const replyAgain = page
      .locator('.thread-pane .message[data-user]')
      .filter({ has: page.locator('.app-badge') })
      .first();
    // The same reply goes on to its report: a heading, and no status line left.
    await replyAgain.locator('.block-header').first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'restart-after');
    expect(await replyAgain.innerText()).not.toContain('Working…');

    const after = (await threadOf(app.url, questionTs!)).filter((m) => m.is_bot);
    // Same message: the reply posted before the restart is the one that carries the report.
    expect(after[0]!.ts).toBe(before[0]!.ts);
    expect(after[0]!.blocks?.some((b) => b.type === 'header')).toBe(true);
    // Once: no second "Working…" reply, and no second report in the thread.
    expect(after.filter((m) => /Working/.test(m.text))).toEqual([]);
    expect(after.filter((m) => m.blocks?.some((b) => b.type === 'header'))).toHaveLength(1);
    // While the app was down the page lost its live connection: network errors, and nothing else.
    expect(pageErrors.slice(0, errorsAtStop)).toEqual([]);
    expect(pageErrors.slice(errorsAtStop, errorsAtReload).filter((e) => !/net::ERR_/.test(e))).toEqual([]);
    expect(pageErrors.slice(errorsAtReload)).toEqual([]);
  }, 400_000);
});
