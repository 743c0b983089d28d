/**
 * A `rich_text` value as mrkdwn text: what Workflow Builder shows when a rich text variable is
 * inserted into a text field, and a message's `text` fallback for the built-in message step.
 * @see https://docs.slack.dev/reference/block-kit/blocks/rich-text-block
 */
import { isRecord } from '../validation/validation-issue.js';

function inline(el: Record<string, unknown>): string {
  const style = isRecord(el.style) ? el.style : {};
  const wrap = (s: string): string => {
    let out = s;
    if (style.code === true) out = `\`${out}\``;
    if (style.bold === true) out = `*${out}*`;
    if (style.italic === true) out = `_${out}_`;
    if (style.strike === true) out = `~${out}~`;
    return out;
  };
  switch (el.type) {
    case 'text':
      return wrap(String(el.text ?? ''));
    case 'link':
      return typeof el.text === 'string' && el.text !== '' ? `<${String(el.url)}|${el.text}>` : `<${String(el.url)}>`;
    case 'user':
      return `<@${String(el.user_id)}>`;
    case 'channel':
      return `<#${String(el.channel_id)}>`;
    case 'usergroup':
      return `<!subteam^${String(el.usergroup_id)}>`;
    case 'emoji':
      return `:${String(el.name)}:`;
    case 'date':
      return String(el.fallback ?? el.timestamp ?? '');
    case 'broadcast':
      return `<!${String(el.range)}>`;
    default:
      return typeof el.text === 'string' ? el.text : '';
  }
}

function inlines(elements: unknown): string {
  return Array.isArray(elements) ? elements.filter(isRecord).map(inline).join('') : '';
}

function block(el: Record<string, unknown>): string {
  switch (el.type) {
    case 'rich_text_section':
      return inlines(el.elements);
    case 'rich_text_preformatted':
      return `\`\`\`${inlines(el.elements)}\`\`\``;
    case 'rich_text_quote':
      return `> ${inlines(el.elements)}`;
    case 'rich_text_list': {
      const items = Array.isArray(el.elements) ? el.elements.filter(isRecord) : [];
      const indent = '    '.repeat(typeof el.indent === 'number' ? el.indent : 0);
      return items.map((item, i) => `${indent}${el.style === 'ordered' ? `${i + 1}.` : '•'} ${block(item)}`).join('\n');
    }
    default:
      return inlines(el.elements);
  }
}

/** The text of a rich_text object, sections on their own lines. */
export function richTextToText(value: Record<string, unknown>): string {
  const elements = Array.isArray(value.elements) ? value.elements.filter(isRecord) : [];
  return elements.map(block).join('\n');
}

export function isRichText(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && value.type === 'rich_text' && Array.isArray(value.elements);
}
