/**
 * The app's Workflow Builder steps as manifest.yml declares them (`functions`), so the
 * playground's Workflows panel offers the app's own steps and the emulator checks their outputs.
 * Like the slash command hints, loaded only for the playground: the YAML reader is a development
 * dependency, and without it the panel just has no app steps.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ManifestFunctions } from '../emulators/slack/index.js';
import type { Logger } from '../observability/logger.js';
import { findManifest } from './read-slash-commands.js';

export async function readWorkflowFunctions(logger: Logger): Promise<ManifestFunctions> {
  try {
    const file = await findManifest(path.dirname(fileURLToPath(import.meta.url)));
    const { parse } = await import('yaml');
    const manifest = parse(await readFile(file, 'utf8')) as { functions?: ManifestFunctions } | null;
    return manifest?.functions ?? {};
  } catch (error) {
    logger.warn('playground: workflow steps unavailable (manifest.yml unreadable)', { error });
    return {};
  }
}
