/**
 * The playground's canvas routes under `/api/canvases` (PLAYGROUND-API.md, "Canvases"): a
 * channel's canvases, one canvas with its Markdown, deleting one as a user, and a workspace's
 * canvas settings (turned off; free plan).
 */
import type { IncomingMessage } from 'node:http';
import { EmulatorUsageError } from '../errors.js';
import { sendJson } from '../http-io.js';
import type { PlaygroundRoutes } from '../playground-routes.js';
import { readPlaygroundBody } from '../playground-body.js';

const body = (req: IncomingMessage): Promise<Record<string, unknown>> => readPlaygroundBody(req, 64 * 1024);

/** Answers a `/api/canvases…` route. */
export const handleCanvasRoutes: PlaygroundRoutes = async (req, res, path, url, emu) => {
  const method = req.method ?? 'GET';
  const canvases = emu.canvases;
  if (method === 'GET' && path === 'canvases') {
    return sendJson(res, 200, { ok: true, canvases: canvases.list(url.searchParams.get('channel_id') ?? undefined) });
  }
  const workspace = /^canvases\/workspaces\/([A-Z0-9]+)$/.exec(path);
  if (method === 'POST' && workspace !== null) {
    const b = await body(req);
    const teamId = workspace[1] ?? '';
    if (b.enabled !== undefined && typeof b.enabled !== 'boolean')
      throw new EmulatorUsageError('invalid_arguments', 'enabled must be true or false');
    if (b.free_plan !== undefined && typeof b.free_plan !== 'boolean')
      throw new EmulatorUsageError('invalid_arguments', 'free_plan must be true or false');
    if (typeof b.enabled === 'boolean') canvases.setEnabled(teamId, b.enabled);
    if (typeof b.free_plan === 'boolean') canvases.setFreePlan(teamId, b.free_plan);
    return sendJson(res, 200, { ok: true });
  }
  const one = /^canvases\/([A-Z0-9]+)$/.exec(path);
  if (method === 'GET' && one !== null) {
    const canvas = canvases.get(one[1] ?? '');
    return canvas ? sendJson(res, 200, { ok: true, canvas }) : sendJson(res, 404, { ok: false, error: 'canvas_not_found' });
  }
  // A user deletes the canvas in Slack.
  const deleted = /^canvases\/([A-Z0-9]+)\/delete$/.exec(path);
  if (method === 'POST' && deleted !== null) {
    return canvases.delete(deleted[1] ?? '')
      ? sendJson(res, 200, { ok: true })
      : sendJson(res, 404, { ok: false, error: 'canvas_not_found' });
  }
  return sendJson(res, 404, { ok: false, error: 'unknown_route' });
};
