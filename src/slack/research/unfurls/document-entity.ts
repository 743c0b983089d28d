/**
 * A research document as a Work Object: the entity a document link unfurls to (chat.unfurl
 * `metadata.entities[]`) and the one its side panel shows (entity.presentDetails `metadata`, with
 * the whole summary and key passages). A content item: title, company, category, date and summary
 * as fields, and "Ask the agent" as its primary action. Service text is untrusted: it passes
 * `plainText` (no mention or broadcast can form) and the clamp (limits/clamp-work-object.ts).
 * @see https://docs.slack.dev/messaging/work-objects-implementation
 */
import type { EntityCustomField, EntityMetadata } from '@slack/types';
import type { Chunk, DocumentDetail } from '../../../service/types.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { plainText, safeUrl } from '../../blocks/escape.js';
import { humanizeKey } from '../../blocks/format.js';
import { clampWorkObject } from '../../blocks/limits.js';
import { markdownExcerpt } from '../../blocks/markdown/markdown-excerpt.js';
import { encodeDocButton } from '../../kit/button-values.js';
import { docItem } from '../cards/doc-item.js';

/** The manifest's `features.rich_previews.entity_types` holds this type (test/manifest.test.ts). */
export const DOCUMENT_ENTITY_TYPE = 'slack#/entities/content_item';
/** `external_ref.type`: Slack gives the ref back in entity_details_requested and entity actions. */
export const DOCUMENT_REF_TYPE = 'research_document';

const UNFURL_SUMMARY_CHARS = 600;
const PANEL_SUMMARY_CHARS = 3000;
const PASSAGE_CHARS = 700;
const MAX_PASSAGES = 3;

export interface DocumentLink {
  /** The exact URL posted (`app_unfurl_url`). */
  postedUrl: string;
}

/** The date Slack shows as a date (`slack#/types/date`, YYYY-MM-DD), or undefined. */
function isoDate(date: string | undefined): string | undefined {
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
}

function stringField(key: string, label: string, value: string | undefined, long = false): EntityCustomField | undefined {
  const text = value === undefined ? '' : plainText(value).trim();
  if (!text) return undefined;
  return { key, label, type: 'string', value: text, ...(long ? { long: true } : {}) };
}

function definedFields(fields: Array<EntityCustomField | undefined>): EntityCustomField[] {
  return fields.filter((f): f is EntityCustomField => f !== undefined);
}

/** Title, company, category, date and source of the document, as custom fields. */
function documentFields(doc: DocumentDetail): EntityCustomField[] {
  const item = docItem(doc);
  const companies = item.companies.slice(0, 3).join(', ');
  const symbols = item.symbols.slice(0, 4).join(', ');
  const company = companies && symbols ? `${companies} (${symbols})` : companies || symbols;
  const date = isoDate(item.date);
  return definedFields([
    stringField('company', 'Company', company || undefined),
    stringField('category', 'Category', item.category ? humanizeKey(item.category) : undefined),
    date ? { key: 'date', label: 'Date', type: 'slack#/types/date', value: date } : stringField('date', 'Date', item.date),
    stringField('source', 'Source', item.institution),
  ]);
}

function baseEntity(doc: DocumentDetail, summaryChars: number): EntityMetadata {
  const summary = doc.summary ? markdownExcerpt(doc.summary, summaryChars) : '';
  const url = safeUrl(doc.url) ? doc.url : undefined;
  const fields = documentFields(doc);
  return {
    entity_type: DOCUMENT_ENTITY_TYPE,
    external_ref: { id: doc.docId, type: DOCUMENT_REF_TYPE },
    url: url ?? '',
    entity_payload: {
      attributes: {
        title: { text: plainText(doc.title.trim() || 'Untitled document') },
        display_type: 'Research document',
        display_id: plainText(doc.docId),
        product_name: 'Research Desk',
      },
      ...(summary ? { fields: { description: { value: plainText(summary) } } } : {}),
      custom_fields: fields,
      display_order: [...fields.map((f) => f.key), ...(summary ? ['description'] : [])],
      actions: {
        primary_actions: [
          {
            text: 'Ask the agent',
            action_id: ACTION_IDS.entityAsk,
            value: encodeDocButton({ d: doc.docId, t: doc.title }),
            style: 'primary',
          },
        ],
      },
    },
  };
}

/**
 * The entity a link to `doc` unfurls to. Its `url` is the document's own page when it has a safe
 * one, else the link that was posted (Slack requires one).
 */
export function documentUnfurlEntity(doc: DocumentDetail, link: DocumentLink): EntityMetadata {
  const entity = baseEntity(doc, UNFURL_SUMMARY_CHARS);
  return clampWorkObject({ ...entity, url: entity.url || link.postedUrl, app_unfurl_url: link.postedUrl });
}

/** Text passages of the document worth reading first: its first text chunks, as plain text. */
export function keyPassagesOf(chunks: readonly Chunk[] | undefined): string[] {
  return (chunks ?? [])
    .filter((c) => (c.type ?? 'text') === 'text' && (c.content ?? '').trim() !== '')
    .slice(0, MAX_PASSAGES)
    .map((c) => markdownExcerpt(c.content ?? '', PASSAGE_CHARS));
}

/**
 * What the side panel shows (entity.presentDetails `metadata`): the unfurl's entity with the
 * whole summary and the key passages, no `app_unfurl_url` (Slack's flexpane schema has none).
 */
export function documentDetailsEntity(doc: DocumentDetail, passages: readonly string[], entityUrl: string): EntityMetadata {
  const entity = baseEntity(doc, PANEL_SUMMARY_CHARS);
  const passageFields = definedFields(passages.map((p, i) => stringField(`passage_${i + 1}`, `Key passage ${i + 1}`, p, true)));
  const payload = entity.entity_payload;
  const customFields = [...(payload.custom_fields ?? []), ...passageFields];
  return clampWorkObject({
    ...entity,
    url: entity.url || entityUrl,
    entity_payload: {
      ...payload,
      custom_fields: customFields,
      display_order: [...(payload.display_order ?? []), ...passageFields.map((f) => f.key)],
    },
  });
}
