/**
 * The Work Object entity types manifest.yml turns on (`features.rich_previews.entity_types`), so
 * the playground's Slack refuses an unfurl of any other type as Slack would. Undefined (every
 * type, the emulator's default) when the manifest cannot be read; [] when previews are off.
 * @see https://docs.slack.dev/messaging/work-objects-implementation
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../observability/logger.js';
import { findManifest } from './read-slash-commands.js';

interface RichPreviews {
  is_active?: boolean;
  entity_types?: string[];
}

export async function readWorkObjectEntityTypes(logger: Logger): Promise<string[] | undefined> {
  try {
    const file = await findManifest(path.dirname(fileURLToPath(import.meta.url)));
    const { parse } = await import('yaml');
    const manifest = parse(await readFile(file, 'utf8')) as { features?: { rich_previews?: RichPreviews } } | null;
    const previews = manifest?.features?.rich_previews;
    return previews?.is_active === true ? (previews.entity_types ?? []) : [];
  } catch (error) {
    logger.warn('playground: Work Object entity types unavailable (manifest.yml unreadable): all are taken', { error });
    return undefined;
  }
}
