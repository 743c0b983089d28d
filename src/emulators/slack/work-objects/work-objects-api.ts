/**
 * The playground's Work Object routes under `/api/work-objects` (PLAYGROUND-API.md, "Work Objects"):
 * open a message's Work Object as a user, read the user's side panel, click an action, close it,
 * and turn Work Objects off or on for a workspace.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EmulatorUsageError } from '../errors.js';
import { readBody, sendJson } from '../http-io.js';
import type { SlackEmulator } from '../slack-emulator.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import { isRecord } from '../validation/validation-issue.js';

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = (await readBody(req, 64 * 1024)).toString('utf8');
  if (raw.trim() === '') return {};
  const parsed = parseJsonArg(raw);
  if (parsed.ok && isRecord(parsed.value)) return parsed.value;
  throw new EmulatorUsageError('invalid_json', 'body must be a JSON object');
}

function str(b: Record<string, unknown>, key: string): string | undefined {
  const v = b[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function need(b: Record<string, unknown>, key: string): string {
  const v = str(b, key);
  if (v === undefined) throw new EmulatorUsageError('invalid_arguments', `missing ${key}`);
  return v;
}

/** Answers a `/api/work-objects…` route. */
export async function handleWorkObjectRoutes(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  emu: SlackEmulator,
): Promise<void> {
  const method = req.method ?? 'GET';
  const wo = emu.workObjects;
  if (method === 'GET' && path === 'work-objects/flexpane') {
    return sendJson(res, 200, { ok: true, flexpane: wo.flexpane(url.searchParams.get('user_id') ?? undefined) ?? null });
  }
  if (method !== 'POST') return sendJson(res, 404, { ok: false, error: 'unknown_route' });
  const b = await body(req);
  const user = str(b, 'user_id');
  const withUser = user !== undefined ? { user_id: user } : {};
  const workspace = /^work-objects\/workspaces\/([A-Z0-9]+)$/.exec(path);
  if (workspace !== null) {
    if (typeof b.takes_work_objects !== 'boolean')
      throw new EmulatorUsageError('invalid_arguments', 'takes_work_objects must be true or false');
    wo.setWorkspaceTakesWorkObjects(workspace[1] ?? '', b.takes_work_objects);
    return sendJson(res, 200, { ok: true });
  }
  switch (path) {
    case 'work-objects/open': {
      const opened = await wo.openDetails({
        channel_id: need(b, 'channel_id'),
        message_ts: need(b, 'message_ts'),
        url: need(b, 'url'),
        ...withUser,
      });
      return sendJson(res, 200, { ok: true, flexpane: opened.flexpane, delivery: opened.delivery ?? null });
    }
    case 'work-objects/actions': {
      const channel = str(b, 'channel_id');
      const ts = str(b, 'message_ts');
      const link = str(b, 'url');
      const delivery = await wo.clickAction({
        action_id: need(b, 'action_id'),
        ...(channel ? { channel_id: channel } : {}),
        ...(ts ? { message_ts: ts } : {}),
        ...(link ? { url: link } : {}),
        ...withUser,
      });
      return sendJson(res, 200, { ok: true, delivery });
    }
    case 'work-objects/close': {
      wo.closeFlexpane(user);
      return sendJson(res, 200, { ok: true });
    }
    default:
      return sendJson(res, 404, { ok: false, error: 'unknown_route' });
  }
}
