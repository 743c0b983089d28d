/**
 * The slash commands of manifest.yml, so the playground shows the app's own usage hints and
 * escapes channels as Slack would. Loaded only for the playground: the YAML reader is a
 * development dependency, and without it the page just shows no hints.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SlashCommandSpec } from '../emulators/slack/index.js';
import type { Logger } from '../observability/logger.js';

export async function readSlashCommands(logger: Logger): Promise<SlashCommandSpec[]> {
  try {
    const file = await findManifest(path.dirname(fileURLToPath(import.meta.url)));
    const { readManifest } = await import('../doctor/read-manifest.js');
    return (await readManifest(file)).slashCommands;
  } catch (error) {
    logger.warn('playground: slash command hints unavailable (manifest.yml unreadable)', { error });
    return [];
  }
}

/** The project's manifest.yml: the nearest one above this module (src/, dist/ or a test bundle). */
export async function findManifest(from: string): Promise<string> {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'manifest.yml');
    if (
      await access(candidate).then(
        () => true,
        // Not here: look one directory up. Anything else (a directory we may not read) ends the search.
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      )
    )
      return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no manifest.yml in ${from} or above`);
  }
}
