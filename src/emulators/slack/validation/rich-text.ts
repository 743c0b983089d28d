/**
 * rich_text elements (in rich_text blocks and in table cells).
 * @see https://docs.slack.dev/reference/block-kit/blocks/rich-text-block
 */
import { type IssueList, isRecord } from './validation-issue.js';

const RICH_TEXT_CONTAINERS = new Set(['rich_text_section', 'rich_text_list', 'rich_text_preformatted', 'rich_text_quote']);
const RICH_TEXT_LEAVES = new Set(['text', 'link', 'emoji', 'user', 'channel', 'usergroup', 'broadcast', 'date', 'color', 'team']);

export function checkRichText(issues: IssueList, path: string, elements: unknown, depth = 0): void {
  if (!Array.isArray(elements)) {
    issues.add(path, 'must provide an array');
    return;
  }
  elements.forEach((el, i) => {
    const p = `${path}/${i}`;
    if (!isRecord(el) || typeof el.type !== 'string') {
      issues.add(p, 'must provide an object with a type');
      return;
    }
    if (RICH_TEXT_CONTAINERS.has(el.type) && depth === 0) {
      if (el.type === 'rich_text_list') {
        if (el.style !== 'bullet' && el.style !== 'ordered') issues.add(`${p}/style`, 'must be one of [bullet, ordered]');
        checkRichText(issues, `${p}/elements`, el.elements, 1);
        return;
      }
      checkRichText(issues, `${p}/elements`, el.elements, el.type === 'rich_text_section' ? 2 : 1);
      return;
    }
    if (depth === 1 && el.type === 'rich_text_section') {
      checkRichText(issues, `${p}/elements`, el.elements, 2);
      return;
    }
    if (depth >= 1 && RICH_TEXT_LEAVES.has(el.type)) {
      if (el.type === 'text' && typeof el.text !== 'string') issues.add(`${p}/text`, 'must provide a string');
      if (el.type === 'link' && typeof el.url !== 'string') issues.add(`${p}/url`, 'must provide a string');
      return;
    }
    issues.add(`${p}/type`, `unexpected rich text element type "${el.type}"`);
  });
}
