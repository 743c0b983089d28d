/**
 * What a user is told when Slack refuses to save a canvas: what happened and what to do, by
 * Slack's error code. Codes from the reference pages of canvases.create and canvases.edit (and
 * the common missing_scope / not_in_channel); anything else is left to the button's failure reply.
 * @see https://docs.slack.dev/reference/methods/canvases.create
 * @see https://docs.slack.dev/reference/methods/canvases.edit
 */
import type { SlackCallError } from '../../../slack-api/slack-call-error.js';

const CANVASES_OFF = new Set([
  'canvas_disabled_user_team',
  'team_tier_cannot_create_channel_canvases',
  'free_teams_cannot_create_non_tabbed_canvases',
  'free_teams_cannot_edit_standalone_canvases',
  'canvas_creation_disabled',
]);

const NOT_HERE = new Set(['not_in_channel', 'channel_not_found', 'restricted_action', 'is_archived']);

/** The note for a refusal we can explain, or undefined. */
export function canvasFailureNote(error: SlackCallError): string | undefined {
  if (error.rateLimited) {
    const seconds = error.retryAfterMs !== undefined ? Math.max(1, Math.ceil(error.retryAfterMs / 1000)) : undefined;
    return `Slack is limiting how fast canvases can be saved right now. Try again${seconds ? ` in ${seconds} seconds` : ' in a minute'}.`;
  }
  if (error.code === 'missing_scope' || error.code === 'not_allowed_token_type') {
    return 'I am not allowed to create canvases in this workspace yet (Slack scope canvases:write). Ask a workspace admin to reinstall Research Desk, then press Save as canvas again.';
  }
  if (CANVASES_OFF.has(error.code)) {
    return `Canvases are turned off for this workspace, or its Slack plan does not allow apps to create them (${error.code}). A workspace admin can turn canvases on in the workspace settings.`;
  }
  if (NOT_HERE.has(error.code)) {
    return `I cannot add a canvas to this channel (${error.code}). Invite me with \`/invite @Research Desk\` and press Save as canvas again, or save it from a channel I am in.`;
  }
  if (error.code === 'canvas_creation_failed' || error.code === 'canvas_editing_failed') {
    return `Slack could not save the canvas (${error.code}). Press Save as canvas again in a moment.`;
  }
  return undefined;
}
