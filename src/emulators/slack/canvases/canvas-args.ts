/**
 * The argument checks the canvas methods share: the workspace the token acts in (canvases off →
 * canvas_disabled_user_team), `document_content` ({type: "markdown", markdown} of at most 1 MiB),
 * and the canvas a `canvas_id` names (another workspace's, or a deleted one, is canvas_not_found).
 * @see https://docs.slack.dev/reference/methods/canvases.create
 * @see https://docs.slack.dev/reference/methods/canvases.edit
 */
import { SlackApiError } from '../errors.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import type { ApiContext } from '../web-api/api-context.js';
import type { StoredCanvas } from './canvases-state.js';

/** `document_content.markdown` is limited to 1 MiB (1,048,576 characters). */
export const CANVAS_MARKDOWN_MAX_CHARS = 1_048_576;

/** The workspace the call acts in; refused when its canvases are turned off. */
export function canvasTeam(ctx: ApiContext): string {
  const teamId = ctx.auth.installation?.key ?? ctx.state.seed.teamId;
  if (ctx.state.canvases.disabledTeams.has(teamId)) throw new SlackApiError('canvas_disabled_user_team');
  return teamId;
}

const invalid = (message: string): SlackApiError => new SlackApiError('invalid_arguments', { messages: [message] });

/** The Markdown of a `document_content` argument; undefined when absent. */
export function documentMarkdown(value: unknown, where = 'document_content'): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = parseJsonArg(value);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) throw invalid(`${where} must be an object`);
  const content = parsed.value as { type?: unknown; markdown?: unknown };
  if (content.type !== 'markdown') throw invalid(`${where}.type must be "markdown"`);
  if (typeof content.markdown !== 'string') throw invalid(`${where}.markdown must be a string`);
  if (content.markdown.length > CANVAS_MARKDOWN_MAX_CHARS)
    throw invalid(`${where}.markdown must be at most ${CANVAS_MARKDOWN_MAX_CHARS} characters`);
  return content.markdown;
}

/** The canvas `canvas_id` names, visible to the token's workspace. */
export function requireCanvas(ctx: ApiContext, missing = 'canvas_not_found'): StoredCanvas {
  const id = ctx.args.need('canvas_id');
  const canvas = ctx.state.canvases.canvases.get(id);
  if (canvas === undefined || !ctx.auth.reach.has(canvas.teamId)) throw new SlackApiError(missing);
  return canvas;
}

/** Whether the app's bot may change the canvas: its owner, or granted write by canvases.access.set. */
export function botMayWrite(ctx: ApiContext, canvas: StoredCanvas): boolean {
  const bot = ctx.auth.bot.userId;
  if (canvas.ownerId === bot) return true;
  const level = canvas.access.users[bot];
  return level === 'write' || level === 'owner';
}

/** An array argument (JSON or a form-encoded JSON string); undefined when absent. */
export function arrayArg(ctx: ApiContext, name: string): unknown[] | undefined {
  const raw = ctx.args.value(name);
  if (raw === undefined || raw === null || raw === '') return undefined;
  const parsed = parseJsonArg(raw);
  if (!parsed.ok || !Array.isArray(parsed.value)) throw invalid(`${name} must be an array`);
  return parsed.value;
}
