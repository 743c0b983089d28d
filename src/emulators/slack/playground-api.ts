import type { IncomingMessage, ServerResponse } from 'node:http';
import { EmulatorUsageError } from './errors.js';
import { handleFileRoutes } from './playground-files-api.js';
import { sendJson } from './http-io.js';
import { optionalString, readPlaygroundBody, requiredString } from './playground-body.js';
import type { ChangeEvent } from './change-event.js';
import type { EmulatorState } from './state.js';
import type { SlackEmulator } from './slack-emulator.js';
import type { StoredMessage } from './stored-message.js';
import type { StoredView } from './stored-view.js';
import { isRecord } from './validation/validation-issue.js';
import { teamOfUser } from './workspaces.js';
import { handleWorkflowRoutes } from './workflows/workflows-api.js';
import { handleWorkObjectRoutes } from './work-objects/work-objects-api.js';
import { handleCanvasRoutes } from './canvases/canvases-api.js';

/** Documented in ./PLAYGROUND-API.md; these routes stay stable for scripts and the page. */

function playgroundMessage(state: EmulatorState, m: StoredMessage): Record<string, unknown> {
  const unfurl = state.unfurls.get(`${m.channel}:${m.ts}`);
  const user = state.users.get(m.user);
  return {
    ts: m.ts,
    user: m.user,
    user_name: user?.real_name ?? m.user,
    is_bot: m.bot_id !== undefined,
    text: m.text,
    blocks: m.blocks ?? null,
    attachments: m.attachments ?? null,
    edits: m.edits,
    metadata: m.metadata ?? null,
    streaming: m.streaming ?? null,
    reactions: m.reactions,
    // Each user's pressed 👍/👎 (by user id, then action_id): the page shows its viewer's.
    feedback: m.feedback ?? {},
    files: m.files ?? [],
    unfurls: unfurl?.unfurls ?? {},
    // Work Object entities by the URL they unfurl (chat.unfurl `metadata`).
    work_objects: unfurl?.entities ?? {},
    thread_ts: m.thread_ts ?? null,
    // As conversations.history shows a thread's parent, and marks a reply "also sent to the channel".
    subtype: m.subtype ?? null,
    reply_count: m.reply_count,
    reply_users: m.reply_users,
    reply_users_count: m.reply_users.length,
    latest_reply: m.latest_reply ?? null,
    status: state.statuses.get(`${m.channel}:${m.ts}`)?.status ?? null,
    loading_messages: state.statuses.get(`${m.channel}:${m.ts}`)?.loading_messages ?? null,
    // The agent view: the thread's title and its agent session's status (processing shows Stop).
    title: state.agentView.threads.get(`${m.channel}:${m.ts}`)?.title ?? null,
    session_status: state.agentView.sessions.get(`${m.channel}:${m.ts}`)?.status ?? null,
    ...(m.replies !== undefined ? { replies: m.replies.map((r) => playgroundMessage(state, r)) } : {}),
  };
}

function playgroundView(v: StoredView): Record<string, unknown> {
  return { id: v.id, type: v.type, view: v.view, state: v.state, errors: v.errors ?? null, hash: v.hash, updates: v.updates };
}

const jsonBody = (req: IncomingMessage): Promise<Record<string, unknown>> => readPlaygroundBody(req, 1024 * 1024);

function openEventStream(req: IncomingMessage, res: ServerResponse, emu: SlackEmulator): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  res.write('retry: 1000\n\n');
  const onChange = (change: ChangeEvent): void => {
    if (change.kind === 'api_call' || change.kind === 'delivery') return;
    res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
  };
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  heartbeat.unref();
  emu.events.on('change', onChange);
  const stop = (): void => {
    clearInterval(heartbeat);
    emu.events.off('change', onChange);
  };
  req.on('close', stop);
  res.on('close', stop);
}

/** Handles `/api/<route>` for routes without a dot (Web API methods always have one). */
export async function handlePlaygroundApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  emu: SlackEmulator,
  state: EmulatorState,
): Promise<void> {
  const path = url.pathname.replace(/^\/api\//, '').replace(/\/+$/, '');
  const method = req.method ?? 'GET';
  const userId = url.searchParams.get('user_id') ?? emu.defaultUserId;
  try {
    if (method === 'GET' && path === 'events') return openEventStream(req, res, emu);
    if (path === 'workflows' || path.startsWith('workflows/')) return await handleWorkflowRoutes(req, res, path, url, emu);
    if (path.startsWith('work-objects/')) return await handleWorkObjectRoutes(req, res, path, url, emu);
    if (path === 'canvases' || path.startsWith('canvases/')) return await handleCanvasRoutes(req, res, path, url, emu);
    if (method === 'GET' && path === 'channels') {
      // ?team_id=T…: another workspace's channels (shared ones included); default the seed workspace.
      const team = url.searchParams.get('team_id') ?? emu.teamId;
      return sendJson(
        res,
        200,
        emu.channels(team).map((c) => (c.is_im ? { id: c.id, name: c.name, is_im: true, user: c.user } : { id: c.id, name: c.name })),
      );
    }
    if (method === 'GET' && path === 'workspaces') return sendJson(res, 200, emu.workspaces());
    if (method === 'GET' && path === 'info') {
      return sendJson(res, 200, {
        team_id: emu.teamId,
        bot_user_id: emu.botUserId,
        bot_id: emu.botId,
        app_id: emu.appId,
        bot_name: emu.botName,
        default_channel_id: emu.defaultChannelId,
        default_user_id: emu.defaultUserId,
        admin_user_id: emu.adminUserId,
        default_dm_id: emu.defaultDmId,
        // The app's own usage hints, for the composer (Slack shows a command's usage_hint as you type).
        commands: emu.slashCommands.map((c) => ({ command: c.command, description: c.description, usageHint: c.usageHint ?? '' })),
        workspaces: emu.workspaces(),
      });
    }
    if (method === 'GET' && path === 'users') {
      return sendJson(
        res,
        200,
        // ?team_id=T…: another workspace's people; default the seed workspace.
        [...state.users.values()]
          .filter((u) => teamOfUser(u) === (url.searchParams.get('team_id') ?? emu.teamId))
          .map((u) => ({
            id: u.id,
            name: u.name,
            real_name: u.real_name,
            is_admin: u.is_admin,
            is_bot: u.is_bot,
            team_id: teamOfUser(u),
          })),
      );
    }
    const messagesMatch = /^channels\/([^/]+)\/messages$/.exec(path);
    if (method === 'GET' && messagesMatch !== null) {
      const channel = state.resolveChannel(decodeURIComponent(messagesMatch[1] ?? ''));
      if (channel === undefined) return sendJson(res, 404, { ok: false, error: 'channel_not_found' });
      return sendJson(res, 200, {
        ok: true,
        channel: { id: channel.id, name: channel.name, is_im: channel.is_im },
        messages: emu.channelMessages(channel.id).map((m) => playgroundMessage(state, m)),
        ephemeral: emu.ephemeralFor(userId, channel.id),
        suggested_prompts: state.agentView.threads.get(`${channel.id}:`)?.suggestedPrompts ?? null,
      });
    }
    if (method === 'GET' && path === 'views') return sendJson(res, 200, { ok: true, views: emu.openModals(userId).map(playgroundView) });
    if (method === 'GET' && path === 'home') {
      const home = emu.homeViews.get(userId);
      return sendJson(res, 200, { ok: true, view: home === undefined ? null : playgroundView(home) });
    }
    if (method !== 'POST') return sendJson(res, 404, { ok: false, error: 'unknown_route' });

    // An admin removes the app from a workspace (T…) or, for an org-wide installation, the org (E…).
    const uninstallMatch = /^workspaces\/([A-Z0-9]+)\/uninstall$/.exec(path);
    if (uninstallMatch !== null) {
      await jsonBody(req);
      const id = uninstallMatch[1] ?? '';
      const deliveries = await emu.uninstallApp(id.startsWith('E') ? { enterpriseId: id } : { teamId: id });
      return sendJson(res, 200, { ok: true, deliveries });
    }

    if (await handleFileRoutes(req, res, path, emu)) return;
    const body = await jsonBody(req);
    const user = optionalString(body, 'user_id');
    const withUser = user !== undefined ? { user_id: user } : {};
    switch (path) {
      case 'commands': {
        const text = optionalString(body, 'text');
        const channel = optionalString(body, 'channel_id');
        const delivery = await emu.sendCommand({
          command: requiredString(body, 'command'),
          ...(text !== undefined ? { text } : {}),
          ...(channel ? { channel_id: channel } : {}),
          ...withUser,
        });
        return sendJson(res, 200, { ok: true, delivery });
      }
      case 'messages': {
        const channel = optionalString(body, 'channel_id');
        const thread = optionalString(body, 'thread_ts');
        const result = await emu.postMessage({
          text: requiredString(body, 'text'),
          ...(channel ? { channel_id: channel } : {}),
          ...(thread ? { thread_ts: thread } : {}),
          ...(thread && body.reply_broadcast === true ? { reply_broadcast: true } : {}),
          ...withUser,
        });
        return sendJson(res, 200, { ok: true, ...result });
      }
      case 'actions': {
        const value = optionalString(body, 'value');
        const delivery = await emu.clickAction({
          channel_id: requiredString(body, 'channel_id'),
          message_ts: requiredString(body, 'message_ts'),
          action_id: requiredString(body, 'action_id'),
          ...(value !== undefined ? { value } : {}),
          ...(body.ephemeral === true ? { ephemeral: true } : {}),
          ...withUser,
        });
        return sendJson(res, 200, { ok: true, delivery });
      }
      case 'views/submit': {
        const values = isRecord(body.values) ? (body.values as Record<string, Record<string, unknown>>) : {};
        const delivery = await emu.submitView({ view_id: requiredString(body, 'view_id'), values, ...withUser });
        return sendJson(res, 200, { ok: true, delivery, view_action: delivery.viewAction ?? null });
      }
      case 'views/actions': {
        const value = optionalString(body, 'value');
        const delivery = await emu.clickViewAction({
          view_id: requiredString(body, 'view_id'),
          action_id: requiredString(body, 'action_id'),
          ...(value !== undefined ? { value } : {}),
          ...withUser,
        });
        return sendJson(res, 200, { ok: true, delivery });
      }
      case 'views/close': {
        const delivery = await emu.closeView({ view_id: requiredString(body, 'view_id'), ...withUser });
        return sendJson(res, 200, { ok: true, delivery: delivery ?? null });
      }
      case 'shortcuts': {
        const delivery = await emu.messageShortcut({
          callback_id: requiredString(body, 'callback_id'),
          channel_id: requiredString(body, 'channel_id'),
          message_ts: requiredString(body, 'message_ts'),
          ...withUser,
        });
        return sendJson(res, 200, { ok: true, delivery });
      }
      case 'home/open': {
        const delivery = await emu.openHome(user);
        return sendJson(res, 200, { ok: true, delivery });
      }
      case 'agent-view/open': {
        const delivery = await emu.openAgentView(user);
        return sendJson(res, 200, { ok: true, delivery });
      }
      case 'agent-view/stop': {
        const delivery = await emu.pressStop({
          channel_id: requiredString(body, 'channel_id'),
          thread_ts: requiredString(body, 'thread_ts'),
          ...withUser,
        });
        return sendJson(res, 200, { ok: true, delivery });
      }
      case 'reset': {
        try {
          await emu.reset();
        } catch (err) {
          // The workspace is back to its seed by now; what failed is the hook clearing the app's side.
          const message = err instanceof Error ? err.message : String(err);
          return sendJson(res, 500, {
            ok: false,
            error: 'reset_incomplete',
            message: `the workspace was reset, but onReset failed: ${message}`,
          });
        }
        return sendJson(res, 200, { ok: true });
      }
      case 'links': {
        const channel = optionalString(body, 'channel_id');
        const delivery = await emu.shareLink({
          url: requiredString(body, 'url'),
          ...(channel ? { channel_id: channel } : {}),
          ...withUser,
        });
        return sendJson(res, 200, { ok: true, delivery });
      }
      default:
        return sendJson(res, 404, { ok: false, error: 'unknown_route' });
    }
  } catch (err) {
    if (err instanceof EmulatorUsageError) {
      const status = err.code.endsWith('not_found') ? 404 : 400;
      return sendJson(res, status, { ok: false, error: err.code, message: err.message });
    }
    throw err;
  }
}
