/**
 * Regenerates the README's screenshots of the playground (1280×800), the real app between both
 * emulators, each photographed once what it shows is final (scripts/playground-shots.ts):
 *   docs/playground.png          a question to the agent and `/research 茅台` (channel and thread)
 *   docs/playground-compare.png  `/financials compare US:NVDA US:AMD`
 *   docs/playground-agent.png    an agent answer with its chart, in the thread pane of the app's DM
 *
 *   npx tsx scripts/screenshot-playground.ts [main|compare|agent …] [--out-dir DIR]
 *
 * With no names it takes all three; DIR defaults to docs/. Uses Debian's Chromium
 * (/usr/bin/chromium, or CHROMIUM_PATH); it never downloads a browser.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startHarness } from '../test/e2e/harness.js';
import { launchChromium, openPlayground } from '../test/playground/browser-helpers.js';
import { SHOTS, shotFileName, type Shot } from './playground-shots.js';

function chosenShots(names: string[]): Shot[] {
  if (names.length === 0) return [...SHOTS];
  return names.map((name) => {
    const shot = SHOTS.find((s) => s.name === name);
    if (!shot) throw new Error(`no shot "${name}" (choose from ${SHOTS.map((s) => s.name).join(', ')})`);
    return shot;
  });
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'out-dir': { type: 'string' } } });
  const shots = chosenShots(positionals);
  const outDir = path.resolve(values['out-dir'] ?? 'docs');
  await mkdir(outDir, { recursive: true });
  // agentSpeed 50: a run finishes in about a second, with the same answer as at any speed. The
  // demo data end today, as in `npm start`.
  const h = await startHarness({ agentSpeed: 50, datasetAnchorMs: Date.now() });
  const browser = await launchChromium();
  try {
    for (const shot of shots) {
      // A page of its own: one shot's thread pane or scroll position never leaks into the next.
      const { page, errors } = await openPlayground(browser, h.slack.url, { timeoutMs: 15_000 });
      await shot.compose(page);
      const out = path.join(outDir, shotFileName(shot));
      await page.screenshot({ path: out });
      if (errors.length > 0) process.stderr.write(`page errors while composing ${shot.name}:\n  ${errors.join('\n  ')}\n`);
      process.stdout.write(`wrote ${path.relative(process.cwd(), out)} (1280×800)\n`);
      await page.close();
    }
  } finally {
    await browser.close();
    await h.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`screenshot-playground: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
