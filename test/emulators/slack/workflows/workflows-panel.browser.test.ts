/**
 * The playground's Workflows panel: the ready example runs now and shows each step's outputs;
 * a workflow built in the panel (an app step, then "Send a message" with a variable) runs and
 * shows the failing step's error, as Slack stops a workflow there.
 */
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startSlackEmulator, type SlackEmulator } from '../../../../src/emulators/slack/index.js';
import { launchChromium, openPlayground } from '../../../playground/browser-helpers.js';
import { startReceiver } from '../receiver.js';
import { BOT, buildRichText, callApi, SECRET } from './workflow-fixtures.js';

let emu: SlackEmulator;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  const manifest = parse(await readFile('manifest.yml', 'utf8')) as { functions: Record<string, unknown> };
  receiver = await startReceiver(SECRET);
  emu = await startSlackEmulator({
    port: 0,
    rateLimits: 'off',
    requestUrl: receiver.url,
    signingSecret: SECRET,
    workflowFunctions: manifest.functions as never,
    workflowScheduleTickMs: 0,
    exampleWorkflows: true,
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await emu?.close();
  await receiver?.close();
});

/** Step `n` of the newest run of `workflowName` once delivered, completed by the "app" with the bot token. */
async function answerStep(
  workflowName: string,
  n: number,
  answer: { outputs: Record<string, unknown> } | { error: string },
): Promise<void> {
  const run = await emu.waitFor(() => emu.workflows.runs().find((r) => r.workflowName === workflowName));
  const step = await emu.workflows.waitForStep(run.id, n, 'delivered');
  const method = 'outputs' in answer ? 'functions.completeSuccess' : 'functions.completeError';
  expect(await callApi(emu, method, BOT, { function_execution_id: step.functionExecutionId, ...answer })).toEqual({ ok: true });
}

describe('Workflows panel', () => {
  it('runs the ready example now and shows its steps, then runs a workflow built in the panel', async () => {
    const { page, errors } = await openPlayground(browser, emu.url);
    await page.getByRole('button', { name: 'Workflow Builder' }).click();
    const panel = page.getByRole('dialog', { name: 'Workflows' });
    const example = panel.locator('.wf-saved-item', { hasText: 'Monday earnings' });
    await expect(example.innerText()).resolves.toContain('Every Monday at 09:00 (UTC)');

    await example.getByRole('button', { name: 'Run now' }).click();
    await answerStep('Monday earnings', 1, {
      outputs: { calendar: buildRichText('NVDA Q3 call'), report_count: 1, week_start: '2026-11-30' },
    });
    const run = panel.locator('.wf-run[data-status="completed"]', { hasText: 'Monday earnings' });
    await run.waitFor();
    await expect(run.locator('.wf-step[data-status="completed"]').count()).resolves.toBe(2);
    await expect(run.locator('.wf-outputs').first().innerText()).resolves.toContain('report_count');
    const markets = emu.channels().find((c) => c.name === 'markets');
    expect(emu.channelMessages(markets?.id ?? '').at(-1)?.text).toContain('NVDA Q3 call');

    // Build: Search research → Send a message with the results.
    await panel.getByRole('button', { name: 'New workflow' }).click();
    await panel.getByLabel('Workflow name').fill('Built here');
    await panel.getByLabel('Add a step').selectOption({ label: 'Search research (Research Desk)' });
    await panel.getByLabel('Step 1 Search words', { exact: true }).fill('ZZZZ');
    await panel.getByLabel('Add a step').selectOption({ label: 'Send a message to a channel' });
    await panel.getByLabel('Step 2 Channel', { exact: true }).selectOption({ label: '#research' });
    await panel.getByLabel('Insert a variable into step 2 Message').selectOption({ label: 'Step 1 · Results' });
    await expect(panel.getByLabel('Step 2 Message', { exact: true }).inputValue()).resolves.toBe('{{steps.1.results}}');
    await panel.getByRole('button', { name: 'Save and run now' }).click();
    expect(
      emu.workflows
        .list()
        .find((w) => w.name === 'Built here')
        ?.steps.map((s) => s.callbackId),
    ).toEqual(['search_research', 'send_message']);

    await answerStep('Built here', 1, { error: 'Unknown symbol ZZZZ — use SH:600519, HK:00700 or US:NVDA' });
    const failed = panel.locator('.wf-run[data-status="failed"]', { hasText: 'Built here' });
    await failed.waitFor();
    await expect(failed.locator('.wf-error').first().innerText()).resolves.toBe(
      'Step 1 (Search research): Unknown symbol ZZZZ — use SH:600519, HK:00700 or US:NVDA',
    );
    await expect(failed.locator('.wf-step[data-status="skipped"]').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
  });

  it('shows what to fix when a workflow cannot be saved', async () => {
    const { page } = await openPlayground(browser, emu.url);
    await page.getByRole('button', { name: 'Workflow Builder' }).click();
    const panel = page.getByRole('dialog', { name: 'Workflows' });
    await panel.getByRole('button', { name: 'New workflow' }).click();
    await panel.getByLabel('Workflow name').fill('Empty query');
    await panel.getByLabel('Add a step').selectOption({ label: 'Search research (Research Desk)' });
    await panel.getByRole('button', { name: 'Save workflow' }).click();
    await expect(panel.locator('.wf-message').innerText()).resolves.toBe('step 1 (Search research): the required input "query" is empty');
  });
});
