/**
 * The playground's Work Object routes under `/api/work-objects` (PLAYGROUND-API.md, "Work Objects"):
 * open a message's Work Object as a user, read the user's side panel, click an action, close it,
 * and turn Work Objects off or on for a workspace.
 */
import type { IncomingMessage } from 'node:http';
import { EmulatorUsageError } from '../errors.js';
import { sendJson } from '../http-io.js';
import type { PlaygroundRoutes } from '../playground-routes.js';
import { optionalString, readPlaygroundBody, requiredString } from '../playground-body.js';

const body = (req: IncomingMessage): Promise<Record<string, unknown>> => readPlaygroundBody(req, 64 * 1024);

/** Answers a `/api/work-objects…` route. */
export const handleWorkObjectRoutes: PlaygroundRoutes = async (req, res, path, url, emu) => {
  const method = req.method ?? 'GET';
  const wo = emu.workObjects;
  if (method === 'GET' && path === 'work-objects/flexpane') {
    return sendJson(res, 200, { ok: true, flexpane: wo.flexpane(url.searchParams.get('user_id') ?? undefined) ?? null });
  }
  if (method !== 'POST') return sendJson(res, 404, { ok: false, error: 'unknown_route' });
  const b = await body(req);
  const user = optionalString(b, 'user_id');
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
        channel_id: requiredString(b, 'channel_id'),
        message_ts: requiredString(b, 'message_ts'),
        url: requiredString(b, 'url'),
        ...withUser,
      });
      return sendJson(res, 200, { ok: true, flexpane: opened.flexpane, delivery: opened.delivery ?? null });
    }
    case 'work-objects/actions': {
      const channel = optionalString(b, 'channel_id');
      const ts = optionalString(b, 'message_ts');
      const link = optionalString(b, 'url');
      const delivery = await wo.clickAction({
        action_id: requiredString(b, 'action_id'),
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
};
