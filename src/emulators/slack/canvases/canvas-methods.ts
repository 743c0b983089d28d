/**
 * canvases.create, conversations.canvases.create, canvases.edit and canvases.delete with Slack's
 * argument checks and errors. A canvas made with `channel_id` is a tab of that channel, which its
 * members may edit; a channel has at most one channel canvas (channel_canvas_already_exists).
 * @see https://docs.slack.dev/reference/methods/canvases.create
 * @see https://docs.slack.dev/reference/methods/conversations.canvases.create
 * @see https://docs.slack.dev/reference/methods/canvases.edit
 * @see https://docs.slack.dev/reference/methods/canvases.delete
 */
import { SlackApiError } from '../errors.js';
import type { SlackChannel } from '../slack-channel.js';
import type { ApiContext, ApiMethod, ApiResult } from '../web-api/api-context.js';
import { arrayArg, botMayWrite, canvasTeam, documentMarkdown, requireCanvas } from './canvas-args.js';
import { sectionId, toSections } from './canvas-sections.js';
import type { CanvasSection, StoredCanvas } from './canvases-state.js';
import { applyChange, parseChange } from './canvas-changes.js';

export const CANVASES_WRITE = 'canvases:write';

/** The channel a canvas becomes a tab of: it must exist for the token, be open, and hold the bot. */
function tabChannel(ctx: ApiContext, id: string): SlackChannel {
  const channel = ctx.state.resolveChannel(id, ctx.auth.reach);
  if (channel === undefined) throw new SlackApiError('channel_not_found');
  if (channel.is_archived === true) throw new SlackApiError('restricted_action');
  // A private channel the bot is not in does not exist for it; a public one it may not change.
  if (!channel.is_im && channel.bot_is_member === false)
    throw new SlackApiError(channel.is_private ? 'channel_not_found' : 'restricted_action');
  return channel;
}

function newCanvas(
  ctx: ApiContext,
  teamId: string,
  p: { title: string; markdown: string; channel?: SlackChannel; isChannelCanvas: boolean },
): StoredCanvas {
  const id = ctx.state.newId('F');
  const canvas: StoredCanvas = {
    id,
    teamId,
    title: p.title,
    ownerId: ctx.auth.bot.userId,
    ...(p.channel ? { channelId: p.channel.id } : {}),
    isChannelCanvas: p.isChannelCanvas,
    sections: toSections(p.markdown, () => newSectionId(ctx)),
    // A tab is written by the channel's members ("added to a channel tab with write permissions").
    access: { channels: p.channel ? { [p.channel.id]: 'write' } : {}, users: {} },
    createdAt: ctx.now,
    updatedAt: ctx.now,
    edits: 0,
  };
  ctx.state.canvases.canvases.set(id, canvas);
  ctx.state.changed({ kind: 'canvas', ...(p.channel ? { channel: p.channel.id } : {}) });
  return canvas;
}

export function newSectionId(ctx: ApiContext): string {
  ctx.state.cursor.idCounter += 1;
  return sectionId(ctx.state.cursor.idCounter);
}

function titleArg(ctx: ApiContext): string {
  const title = ctx.args.value('title');
  if (title !== undefined && title !== null && typeof title !== 'string') {
    throw new SlackApiError('invalid_arguments', { messages: ['title must be a string'] });
  }
  return typeof title === 'string' ? title : '';
}

function create(ctx: ApiContext): ApiResult {
  const teamId = canvasTeam(ctx);
  const markdown = documentMarkdown(ctx.args.value('document_content')) ?? '';
  const title = titleArg(ctx);
  const channelId = ctx.args.str('channel_id');
  const channel = channelId ? tabChannel(ctx, channelId) : undefined;
  if (!channel && ctx.state.canvases.freeTeams.has(teamId)) throw new SlackApiError('free_teams_cannot_create_non_tabbed_canvases');
  const canvas = newCanvas(ctx, teamId, { title, markdown, isChannelCanvas: false, ...(channel ? { channel } : {}) });
  return { ok: true, canvas_id: canvas.id };
}

function createChannelCanvas(ctx: ApiContext): ApiResult {
  const teamId = canvasTeam(ctx);
  const channel = tabChannel(ctx, ctx.args.need('channel_id', 'invalid_arguments'));
  const markdown = documentMarkdown(ctx.args.value('document_content')) ?? '';
  if (ctx.state.canvases.channelCanvasOf(channel.id)) throw new SlackApiError('channel_canvas_already_exists');
  const canvas = newCanvas(ctx, teamId, { title: titleArg(ctx), markdown, channel, isChannelCanvas: true });
  return { ok: true, canvas_id: canvas.id };
}

function edit(ctx: ApiContext): ApiResult {
  const teamId = canvasTeam(ctx);
  const canvas = requireCanvas(ctx);
  const raw = arrayArg(ctx, 'changes');
  if (raw === undefined || raw.length === 0)
    throw new SlackApiError('invalid_arguments', { messages: ['changes must hold at least one change'] });
  const changes = raw.map((c, i) => parseChange(c, i));
  if (ctx.state.canvases.freeTeams.has(teamId) && canvas.channelId === undefined)
    throw new SlackApiError('free_teams_cannot_edit_standalone_canvases');
  if (!botMayWrite(ctx, canvas)) throw new SlackApiError('restricted_action');
  // All or nothing: the changes apply to a copy, kept only when every one applied.
  let sections: CanvasSection[] = [...canvas.sections];
  for (const change of changes) sections = applyChange(sections, change, () => newSectionId(ctx));
  canvas.sections = sections;
  canvas.updatedAt = ctx.now;
  canvas.edits += 1;
  ctx.state.changed({ kind: 'canvas', ...(canvas.channelId ? { channel: canvas.channelId } : {}) });
  return { ok: true };
}

function remove(ctx: ApiContext): ApiResult {
  canvasTeam(ctx);
  const canvas = requireCanvas(ctx);
  if (canvas.ownerId !== ctx.auth.bot.userId && canvas.access.users[ctx.auth.bot.userId] !== 'owner')
    throw new SlackApiError('restricted_action');
  ctx.state.canvases.canvases.delete(canvas.id);
  ctx.state.changed({ kind: 'canvas', ...(canvas.channelId ? { channel: canvas.channelId } : {}) });
  return { ok: true };
}

export const canvasWriteMethods: Record<string, ApiMethod> = {
  'canvases.create': { handler: create, token: 'bot', scope: CANVASES_WRITE },
  'conversations.canvases.create': { handler: createChannelCanvas, token: 'bot', scope: CANVASES_WRITE },
  'canvases.edit': { handler: edit, token: 'bot', scope: CANVASES_WRITE },
  'canvases.delete': { handler: remove, token: 'bot', scope: CANVASES_WRITE },
};
