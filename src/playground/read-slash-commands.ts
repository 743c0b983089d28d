/**
 * The slash commands of manifest.yml, so the playground shows the app's own usage hints and
 * escapes channels as Slack would. Loaded only for the playground: the YAML reader is a
 * development dependency, and without it the page just shows no hints.
 */
import { fileURLToPath } from 'node:url';
import type { SlashCommandSpec } from '../emulators/slack/index.js';
import type { Logger } from '../observability/logger.js';

export async function readSlashCommands(logger: Logger): Promise<SlashCommandSpec[]> {
  const file = fileURLToPath(new URL('../../manifest.yml', import.meta.url));
  try {
    const { readManifest } = await import('../doctor/read-manifest.js');
    return (await readManifest(file)).slashCommands;
  } catch (error) {
    logger.warn('playground: slash command hints unavailable (manifest.yml unreadable)', { error });
    return [];
  }
}
