/**
 * Clamps a Work Object's entity metadata (chat.unfurl `metadata.entities[]`, entity.presentDetails
 * `metadata`) to Slack's documented limits and our own caps (limits/slack-limits.ts): the title and
 * display id, every string field's value and label, the number of custom fields, and the actions
 * (at most 2 primary, 5 overflow; their text, action_id, value and url). Text is expected escaped
 * already (the builders use `plainText`); this only cuts, at grapheme boundaries, with '…'.
 * @see https://docs.slack.dev/messaging/work-objects-implementation
 */
import type { EntityActionButton, EntityCustomField, EntityMetadata } from '@slack/types';
import { clampPlainText } from '../clamp-text.js';
import { SLACK_LIMITS } from './slack-limits.js';

type Payload = EntityMetadata['entity_payload'];
type Fields = NonNullable<Payload['fields']>;

const L = SLACK_LIMITS;

/** A field's `value` and `label` when they are text; numbers (timestamps) pass as they are. */
function clampField<F extends { value?: unknown; label?: string }>(field: F): F {
  const out = { ...field };
  if (typeof out.value === 'string') (out as { value: string }).value = clampPlainText(out.value, L.workObjectFieldChars);
  if (typeof out.label === 'string') out.label = clampPlainText(out.label, L.workObjectActionTextChars);
  return out;
}

function clampFields(fields: Fields): Fields {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, typeof field === 'object' && field !== null ? clampField(field) : field]),
  ) as Fields;
}

function clampCustomField(field: EntityCustomField): EntityCustomField {
  const out = clampField(field);
  out.key = out.key.slice(0, L.workObjectActionIdChars);
  return out;
}

/** One action button: its text, id, value, url and label within Slack's caps. */
export function clampEntityAction(action: EntityActionButton): EntityActionButton {
  const out: EntityActionButton = {
    ...action,
    text: clampPlainText(action.text, L.workObjectActionTextChars),
    action_id: action.action_id.slice(0, L.workObjectActionIdChars),
  };
  if (out.value !== undefined) out.value = out.value.slice(0, L.workObjectActionValueChars);
  // A cut URL would lead somewhere else: one too long is left out rather than shortened.
  if (out.url !== undefined && out.url.length > L.workObjectActionUrlChars) delete out.url;
  if (out.accessibility_label !== undefined) {
    out.accessibility_label = clampPlainText(out.accessibility_label, L.accessibilityLabelChars);
  }
  return out;
}

function clampActions(actions: NonNullable<Payload['actions']>): NonNullable<Payload['actions']> {
  const out: NonNullable<Payload['actions']> = {};
  if (actions.primary_actions) out.primary_actions = actions.primary_actions.slice(0, L.workObjectPrimaryActions).map(clampEntityAction);
  if (actions.overflow_actions) {
    out.overflow_actions = actions.overflow_actions.slice(0, L.workObjectOverflowActions).map(clampEntityAction);
  }
  return out;
}

/** The entity with every text within limits; an entity already within them comes back equal. */
export function clampWorkObject<E extends EntityMetadata>(entity: E): E {
  const payload = entity.entity_payload;
  const attributes = { ...payload.attributes, title: { ...payload.attributes.title } };
  attributes.title.text = clampPlainText(attributes.title.text, L.workObjectTitleChars);
  if (attributes.display_id !== undefined) attributes.display_id = clampPlainText(attributes.display_id, L.workObjectDisplayIdChars);
  if (attributes.display_type !== undefined) {
    attributes.display_type = clampPlainText(attributes.display_type, L.workObjectActionTextChars);
  }
  if (attributes.product_name !== undefined) {
    attributes.product_name = clampPlainText(attributes.product_name, L.workObjectActionTextChars);
  }
  const clamped: Payload = { ...payload, attributes };
  if (payload.fields) clamped.fields = clampFields(payload.fields);
  if (payload.custom_fields) clamped.custom_fields = payload.custom_fields.slice(0, L.workObjectCustomFields).map(clampCustomField);
  if (payload.actions) clamped.actions = clampActions(payload.actions);
  if (payload.display_order) {
    const keys = new Set([...Object.keys(clamped.fields ?? {}), ...(clamped.custom_fields ?? []).map((f) => f.key)]);
    clamped.display_order = payload.display_order.filter((k) => keys.has(k));
  }
  return { ...entity, entity_payload: clamped };
}
