/**
 * What the doctor needs from manifest.yml: the bot scopes the app asks for, whether Socket Mode
 * is on, and the request URL Slack posts to in HTTP mode; and, for the playground's composer, the
 * slash commands with their usage hints.
 * @see https://docs.slack.dev/reference/app-manifest
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { z } from 'zod';

const requestUrlHolder = z.object({ request_url: z.string().optional() }).optional();

const slashCommandSchema = z.object({
  command: z.string(),
  description: z.string().default(''),
  usage_hint: z.string().optional(),
  should_escape: z.boolean().optional(),
});

const manifestSchema = z.object({
  features: z.object({ slash_commands: z.array(slashCommandSchema).default([]) }).optional(),
  oauth_config: z.object({ scopes: z.object({ bot: z.array(z.string()).default([]) }) }),
  settings: z
    .object({
      socket_mode_enabled: z.boolean().optional(),
      event_subscriptions: requestUrlHolder,
      interactivity: requestUrlHolder,
    })
    .optional(),
});

export interface ManifestSlashCommand {
  command: string;
  description: string;
  usageHint?: string;
  shouldEscape?: boolean;
}

export interface ManifestFacts {
  botScopes: string[];
  slashCommands: ManifestSlashCommand[];
  socketModeEnabled: boolean;
  /** The events request URL (or else the interactivity one); absent in a Socket Mode manifest. */
  requestUrl?: string;
}

export class ManifestError extends Error {
  override readonly name = 'ManifestError';
}

export function parseManifest(text: string, file: string): ManifestFacts {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new ManifestError(`${file} is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const result = manifestSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ManifestError(`${file}: ${issue?.path.join('.') || 'the document'}: ${issue?.message ?? 'is not a Slack app manifest'}`);
  }
  const { features, oauth_config, settings } = result.data;
  const requestUrl = settings?.event_subscriptions?.request_url ?? settings?.interactivity?.request_url;
  return {
    botScopes: oauth_config.scopes.bot,
    slashCommands: (features?.slash_commands ?? []).map((c) => ({
      command: c.command,
      description: c.description,
      ...(c.usage_hint !== undefined ? { usageHint: c.usage_hint } : {}),
      ...(c.should_escape !== undefined ? { shouldEscape: c.should_escape } : {}),
    })),
    socketModeEnabled: settings?.socket_mode_enabled === true,
    ...(requestUrl ? { requestUrl } : {}),
  };
}

export async function readManifest(file: string): Promise<ManifestFacts> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ManifestError(`cannot read ${file}${typeof code === 'string' ? ` (${code})` : ''}`);
  }
  return parseManifest(text, file);
}
