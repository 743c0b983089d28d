/**
 * One element of canvases.edit's `changes`: its operation and what that operation requires
 * (insert_after / insert_before: section_id and document_content; insert_at_start / insert_at_end:
 * document_content; replace: document_content, section_id optional — without it the whole canvas;
 * delete: section_id), and how it changes the sections. A section id the canvas does not hold
 * fails the edit (canvas_editing_failed: "The changes to the canvas failed to be applied").
 * @see https://docs.slack.dev/reference/methods/canvases.edit
 */
import { SlackApiError } from '../errors.js';
import { documentMarkdown } from './canvas-args.js';
import { toSections } from './canvas-sections.js';
import type { CanvasSection } from './canvases-state.js';

export type CanvasChange =
  | { operation: 'insert_after' | 'insert_before'; sectionId: string; markdown: string }
  | { operation: 'insert_at_start' | 'insert_at_end'; markdown: string }
  | { operation: 'replace'; sectionId?: string; markdown: string }
  | { operation: 'delete'; sectionId: string };

const OPERATIONS = new Set(['insert_after', 'insert_before', 'insert_at_start', 'insert_at_end', 'replace', 'delete']);

const invalid = (message: string): SlackApiError => new SlackApiError('invalid_arguments', { messages: [message] });

export function parseChange(value: unknown, index: number): CanvasChange {
  const at = `changes[${index}]`;
  if (typeof value !== 'object' || value === null) throw invalid(`${at} must be an object`);
  const c = value as { operation?: unknown; section_id?: unknown; document_content?: unknown };
  if (typeof c.operation !== 'string' || !OPERATIONS.has(c.operation))
    throw invalid(`${at}.operation must be one of ${[...OPERATIONS].join(', ')}`);
  const sectionId = typeof c.section_id === 'string' && c.section_id !== '' ? c.section_id : undefined;
  const markdown = documentMarkdown(c.document_content, `${at}.document_content`);
  const need = (value: string | undefined, what: string): string => {
    if (value === undefined) throw invalid(`${at}.${what} is required for ${c.operation}`);
    return value;
  };
  const needSection = (): string => need(sectionId, 'section_id');
  const needContent = (): string => need(markdown, 'document_content');
  switch (c.operation) {
    case 'insert_after':
    case 'insert_before':
      return { operation: c.operation, sectionId: needSection(), markdown: needContent() };
    case 'insert_at_start':
    case 'insert_at_end':
      return { operation: c.operation, markdown: needContent() };
    case 'replace':
      return { operation: 'replace', markdown: needContent(), ...(sectionId ? { sectionId } : {}) };
    default:
      return { operation: 'delete', sectionId: needSection() };
  }
}

function indexOf(sections: readonly CanvasSection[], sectionId: string): number {
  const i = sections.findIndex((s) => s.id === sectionId);
  if (i < 0) throw new SlackApiError('canvas_editing_failed');
  return i;
}

export function applyChange(sections: readonly CanvasSection[], change: CanvasChange, newId: () => string): CanvasSection[] {
  const next = [...sections];
  if (change.operation === 'delete') {
    next.splice(indexOf(next, change.sectionId), 1);
    return next;
  }
  const added = toSections(change.markdown, newId);
  switch (change.operation) {
    case 'insert_at_start':
      return [...added, ...next];
    case 'insert_at_end':
      return [...next, ...added];
    case 'insert_before':
      next.splice(indexOf(next, change.sectionId), 0, ...added);
      return next;
    case 'insert_after':
      next.splice(indexOf(next, change.sectionId) + 1, 0, ...added);
      return next;
    default:
      if (change.sectionId === undefined) return added;
      next.splice(indexOf(next, change.sectionId), 1, ...added);
      return next;
  }
}
