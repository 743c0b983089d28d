/**
 * A Slack file's facts (files.info) and its bytes (`url_private_download` with the workspace's
 * bot token). Slack answers a request it does not authorise with a redirect to a login page or
 * that page itself (`text/html`): neither is the file. The bytes read are capped, so a file
 * larger than files.info said is cut off, never held whole. The token goes only to Slack's file
 * host (or the host the client's API lives on: the emulator), never into a log or an error.
 * @see https://docs.slack.dev/reference/methods/files.info
 * @see https://docs.slack.dev/messaging/working-with-files#downloading_files
 */
import { discardBody } from '../../../service/event-stream/discard-body.js';
import type { WebClient } from '@slack/web-api';
import { request } from 'undici';
import { z } from 'zod';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { SlackFileError } from './slack-file-error.js';

const fileSchema = z.object({
  id: z.string(),
  name: z.string().catch(''),
  title: z.string().optional().catch(undefined),
  mimetype: z.string().optional().catch(undefined),
  filetype: z.string().optional().catch(undefined),
  size: z.number().nonnegative().optional().catch(undefined),
  url_private: z.string().optional().catch(undefined),
  url_private_download: z.string().optional().catch(undefined),
  /** Who shared it, and the conversations it is shared in (file-access.ts). */
  user: z.string().optional().catch(undefined),
  channels: z.array(z.string()).optional().catch(undefined),
  groups: z.array(z.string()).optional().catch(undefined),
  ims: z.array(z.string()).optional().catch(undefined),
  shares: z
    .object({ public: z.record(z.string(), z.unknown()).optional(), private: z.record(z.string(), z.unknown()).optional() })
    .optional()
    .catch(undefined),
});
export type SlackFileInfo = z.output<typeof fileSchema>;

const GONE_CODES: ReadonlySet<string> = new Set(['file_not_found', 'file_deleted']);
const DOWNLOAD_TIMEOUT_MS = 60_000;

export async function slackFileInfo(client: WebClient, fileId: string): Promise<SlackFileInfo> {
  let res: { file?: unknown };
  try {
    res = await client.files.info({ file: fileId });
  } catch (error) {
    const failure = toSlackCallError('files.info', error);
    if (GONE_CODES.has(failure.code)) throw new SlackFileError('deleted', `files.info: ${failure.code}`);
    if (failure.code === 'missing_scope') throw new SlackFileError('no_scope', 'files.info: missing_scope', { cause: failure });
    throw new SlackFileError('unreachable', `files.info: ${failure.code}`, { cause: failure });
  }
  const parsed = fileSchema.safeParse(res.file);
  if (!parsed.success) throw new SlackFileError('not_given', 'files.info answered no file');
  return parsed.data;
}

/** Slack's file hosts, and the API's own host (the emulator serves files where it serves the API). */
function mayCarryToken(url: URL, client: WebClient): boolean {
  if (url.protocol === 'https:' && (url.hostname === 'slack.com' || url.hostname.endsWith('.slack.com'))) return true;
  try {
    return url.host === new URL(client.slackApiUrl).host;
  } catch {
    return false;
  }
}

async function readCapped(body: AsyncIterable<Uint8Array> & { destroy(): unknown }, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      body.destroy();
      throw new SlackFileError('too_large', `the download passed ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function downloadSlackFile(client: WebClient, file: SlackFileInfo, maxBytes: number): Promise<Uint8Array> {
  const raw = file.url_private_download ?? file.url_private;
  if (!raw || !client.token) throw new SlackFileError('not_given', 'files.info gave no download URL');
  const url = new URL(raw);
  if (!mayCarryToken(url, client)) throw new SlackFileError('not_given', `download host not Slack's: ${url.host}`);
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(url, {
      headers: { authorization: `Bearer ${client.token}` },
      headersTimeout: DOWNLOAD_TIMEOUT_MS,
      bodyTimeout: DOWNLOAD_TIMEOUT_MS,
    });
  } catch (error) {
    throw new SlackFileError('unreachable', `download failed: ${(error as { code?: string }).code ?? 'network'}`);
  }
  const type = String(res.headers['content-type'] ?? '');
  const length = Number(res.headers['content-length'] ?? Number.NaN);
  if (res.statusCode !== 200 || type.toLowerCase().startsWith('text/html') || length > maxBytes) {
    discardBody(res.body);
    if (res.statusCode === 404 || res.statusCode === 410) throw new SlackFileError('deleted', `download answered ${res.statusCode}`);
    if (length > maxBytes) throw new SlackFileError('too_large', `download is ${length} bytes`);
    throw new SlackFileError('not_given', `download answered ${res.statusCode} ${type.split(';')[0]}`);
  }
  return readCapped(res.body, maxBytes);
}
