/**
 * What the add modal carries from its opening to its submission (private_metadata, ≤ 3000
 * characters): the files and where to tell. Parsed back with a schema: a submission is untrusted.
 * @see https://docs.slack.dev/reference/views#private_metadata
 */
import { z } from 'zod';
import type { FilesToAdd } from './files-to-add.js';

/** Files per add: a Slack message carries at most 10. */
export const MAX_FILES_PER_ADD = 10;
/** Names are kept short in the metadata; files.info gives the real one at submission. */
const NAME_CHARS = 120;

const requestSchema = z.object({
  t: z.string().min(1),
  u: z.string().min(1),
  c: z.string().min(1),
  h: z.string().min(1).optional(),
  f: z
    .array(z.object({ i: z.string().min(1).max(64), n: z.string().max(NAME_CHARS) }))
    .min(1)
    .max(MAX_FILES_PER_ADD),
});

export function encodeAddRequest(files: FilesToAdd): string {
  return JSON.stringify({
    t: files.teamId,
    u: files.userId,
    c: files.channelId,
    ...(files.threadTs ? { h: files.threadTs } : {}),
    f: files.files.map((f) => ({ i: f.id, n: f.name.slice(0, NAME_CHARS) })),
  });
}

export function decodeAddRequest(metadata: string | undefined): FilesToAdd | null {
  if (!metadata) return null;
  let json: unknown;
  try {
    json = JSON.parse(metadata);
  } catch {
    return null;
  }
  const parsed = requestSchema.safeParse(json);
  if (!parsed.success) return null;
  const r = parsed.data;
  return {
    teamId: r.t,
    userId: r.u,
    channelId: r.c,
    ...(r.h ? { threadTs: r.h } : {}),
    files: r.f.map((f) => ({ id: f.i, name: f.n })),
  };
}
