/**
 * The one module that knows Slack's Block Kit limits, and the clamps applied to every payload
 * before it is sent: the numbers live in limits/slack-limits.ts, a clamp per block or element
 * kind in limits/. Everything outside imports them from here.
 * Lengths are counted in UTF-16 code units (`String#length`), never fewer than Slack's
 * "characters", so a payload that fits here fits in Slack.
 * @see https://docs.slack.dev/reference/block-kit/blocks
 */
export { clampBlocks } from './limits/clamp-blocks.js';
export { clampMessage } from './limits/clamp-message.js';
export { clampView } from './limits/clamp-view.js';
export { clampEntityAction, clampWorkObject } from './limits/clamp-work-object.js';
export { SLACK_LIMITS } from './limits/slack-limits.js';
