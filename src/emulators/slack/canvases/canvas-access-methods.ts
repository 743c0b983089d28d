/**
 * canvases.access.set and canvases.sections.lookup with Slack's argument checks and errors.
 * access.set takes channel_ids or user_ids, never both (invalid_parameters); lookup finds the
 * sections matching `criteria` (section_types of h1, h2, h3, any_header, and/or contains_text).
 * @see https://docs.slack.dev/reference/methods/canvases.access.set
 * @see https://docs.slack.dev/reference/methods/canvases.sections.lookup
 */
import { SlackApiError } from '../errors.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import type { ApiContext, ApiMethod, ApiResult } from '../web-api/api-context.js';
import { arrayArg, canvasTeam, requireCanvas } from './canvas-args.js';
import { CANVASES_WRITE } from './canvas-methods.js';
import { headingLevel } from './canvas-sections.js';
import type { CanvasAccessLevel } from './canvases-state.js';

const LEVELS = new Set<CanvasAccessLevel>(['read', 'write', 'owner']);
const SECTION_TYPES = new Set(['h1', 'h2', 'h3', 'any_header']);

const invalid = (message: string): SlackApiError => new SlackApiError('invalid_arguments', { messages: [message] });

function stringIds(values: unknown[] | undefined, name: string): string[] | undefined {
  if (values === undefined) return undefined;
  if (!values.every((v): v is string => typeof v === 'string' && v !== '')) throw invalid(`${name} must hold ids`);
  return values;
}

function accessSet(ctx: ApiContext): ApiResult {
  canvasTeam(ctx);
  const canvas = requireCanvas(ctx);
  const level = ctx.args.need('access_level') as CanvasAccessLevel;
  if (!LEVELS.has(level)) throw invalid('access_level must be read, write or owner');
  const channels = stringIds(arrayArg(ctx, 'channel_ids'), 'channel_ids');
  const users = stringIds(arrayArg(ctx, 'user_ids'), 'user_ids');
  if ((channels === undefined) === (users === undefined)) throw new SlackApiError('invalid_parameters');
  if (canvas.ownerId !== ctx.auth.bot.userId && canvas.access.users[ctx.auth.bot.userId] !== 'owner')
    throw new SlackApiError('restricted_action');
  for (const id of channels ?? []) {
    if (ctx.state.resolveChannel(id, ctx.auth.reach)?.id !== id) throw new SlackApiError('channel_not_found');
  }
  for (const id of users ?? []) {
    if (!ctx.state.users.has(id)) throw new SlackApiError('user_not_found');
  }
  for (const id of channels ?? []) canvas.access.channels[id] = level;
  for (const id of users ?? []) canvas.access.users[id] = level;
  ctx.state.changed({ kind: 'canvas', ...(channels?.[0] ? { channel: channels[0] } : {}) });
  return { ok: true };
}

function sectionsLookup(ctx: ApiContext): ApiResult {
  canvasTeam(ctx);
  const canvas = requireCanvas(ctx);
  const parsed = parseJsonArg(ctx.args.value('criteria'));
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) throw invalid('criteria must be an object');
  const criteria = parsed.value as { section_types?: unknown; contains_text?: unknown };
  const types = criteria.section_types;
  const text = criteria.contains_text;
  if (
    types !== undefined &&
    (!Array.isArray(types) || types.length < 1 || types.length > 3 || !types.every((t) => SECTION_TYPES.has(String(t))))
  ) {
    throw invalid('criteria.section_types must hold 1 to 3 of h1, h2, h3, any_header');
  }
  if (text !== undefined && typeof text !== 'string') throw invalid('criteria.contains_text must be a string');
  if (types === undefined && (text === undefined || text === '')) throw invalid('criteria needs section_types or contains_text');
  const wanted = new Set((types as string[] | undefined) ?? []);
  const sections = canvas.sections.filter((s) => {
    const level = headingLevel(s);
    const typeOk = wanted.size === 0 || (level !== undefined && (wanted.has('any_header') || wanted.has(level)));
    const textOk = typeof text !== 'string' || text === '' || s.markdown.toLowerCase().includes(text.toLowerCase());
    return typeOk && textOk;
  });
  return { ok: true, sections: sections.map((s) => ({ id: s.id })) };
}

export const canvasAccessMethods: Record<string, ApiMethod> = {
  'canvases.access.set': { handler: accessSet, token: 'bot', scope: CANVASES_WRITE },
  'canvases.sections.lookup': { handler: sectionsLookup, token: 'bot', scope: 'canvases:read' },
};
