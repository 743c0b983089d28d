/** Small builders shared by the cards, so every card escapes and labels the same way. */
import type { ActionsBlock, Button, ContextBlock, DividerBlock, HeaderBlock, KnownBlock, SectionBlock } from '@slack/types';
import { plainText } from './escape.js';
import { SLACK_LIMITS } from './limits.js';
import { clampPlainText, clampText } from './clamp-text.js';

export const divider = (): DividerBlock => ({ type: 'divider' });

/** A header from untrusted text (plain_text: never parsed for mentions). */
export function header(text: string): HeaderBlock {
  return {
    type: 'header',
    text: { type: 'plain_text', text: clampPlainText(plainText(text) || '—', SLACK_LIMITS.headerTextChars), emoji: true },
  };
}

/** A section from already-escaped mrkdwn. */
export function section(mrkdwn: string, accessory?: Button): SectionBlock {
  const block: SectionBlock = { type: 'section', text: { type: 'mrkdwn', text: clampText(mrkdwn || '—', SLACK_LIMITS.sectionTextChars) } };
  if (accessory) block.accessory = accessory;
  return block;
}

/** A section of two-column fields from already-escaped mrkdwn. */
export function fields(items: string[]): SectionBlock {
  return {
    type: 'section',
    fields: items
      .slice(0, SLACK_LIMITS.sectionFields)
      .map((t) => ({ type: 'mrkdwn', text: clampText(t || '—', SLACK_LIMITS.sectionFieldChars) })),
  };
}

/** A context line from already-escaped mrkdwn parts (empty parts dropped). */
export function context(...parts: Array<string | undefined>): ContextBlock {
  const elements = parts.filter((p): p is string => Boolean(p?.trim())).slice(0, SLACK_LIMITS.contextElements);
  return {
    type: 'context',
    elements: (elements.length ? elements : ['—']).map((text) => ({ type: 'mrkdwn', text: clampText(text, SLACK_LIMITS.textObjectChars) })),
  };
}

export interface ButtonSpec {
  text: string;
  actionId: string;
  value?: string;
  url?: string;
  style?: 'primary' | 'danger';
  accessibilityLabel?: string;
  confirm?: { title: string; text: string; confirm: string; deny: string };
}

export function button(spec: ButtonSpec): Button {
  const b: Button = {
    type: 'button',
    text: { type: 'plain_text', text: clampPlainText(plainText(spec.text), SLACK_LIMITS.buttonTextChars), emoji: true },
    action_id: spec.actionId,
  };
  if (spec.value !== undefined) b.value = spec.value;
  if (spec.url !== undefined) b.url = spec.url;
  if (spec.style) b.style = spec.style;
  if (spec.accessibilityLabel)
    b.accessibility_label = clampPlainText(plainText(spec.accessibilityLabel), SLACK_LIMITS.accessibilityLabelChars);
  if (spec.confirm) {
    b.confirm = {
      title: { type: 'plain_text', text: spec.confirm.title },
      text: { type: 'plain_text', text: spec.confirm.text },
      confirm: { type: 'plain_text', text: spec.confirm.confirm },
      deny: { type: 'plain_text', text: spec.confirm.deny },
      style: spec.style === 'danger' ? 'danger' : 'primary',
    };
  }
  return b;
}

export function actions(buttons: Button[], blockId?: string): ActionsBlock {
  const block: ActionsBlock = { type: 'actions', elements: buttons.slice(0, SLACK_LIMITS.actionsElements) };
  if (blockId) block.block_id = blockId;
  return block;
}

/** Drops empty action blocks and the like before a card is returned. */
export const compact = (blocks: Array<KnownBlock | undefined | false>): KnownBlock[] =>
  blocks.filter((b): b is KnownBlock => Boolean(b) && !(b && b.type === 'actions' && b.elements.length === 0));
