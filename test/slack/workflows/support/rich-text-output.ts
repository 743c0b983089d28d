/** Reading a step's rich_text output in the format tests: its texts, its element types, and that it is inert. */
import type { RichTextBlock } from '@slack/types';
import { expect } from 'vitest';

/** Every element under a rich text value (a block, its elements, or any part), depth first. */
export function richTextNodes(value: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const n = node as Record<string, unknown>;
    out.push(n);
    visit(n.elements);
  };
  visit(value);
  return out;
}

function nodesOf(block: RichTextBlock): Record<string, unknown>[] {
  return richTextNodes(block.elements);
}

/** Every text and link label of a rich text block. */
export function texts(block: RichTextBlock): string[] {
  return nodesOf(block).flatMap((n) => (typeof n.text === 'string' ? [n.text] : []));
}

/** The types of a block's elements (containers and leaves). */
export function elementTypes(block: RichTextBlock): Set<string> {
  return new Set(nodesOf(block).flatMap((n) => (typeof n.type === 'string' ? [n.type] : [])));
}

/** Text that cannot ping anyone: no mention or broadcast syntax, no @channel/@here/@everyone. */
export function expectInert(text: string): void {
  expect(text).not.toMatch(/<[!@#]/);
  expect(text).not.toMatch(/@(channel|here|everyone)\b/);
}
