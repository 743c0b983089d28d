/**
 * Shape checks of Work Object entity metadata, as chat.unfurl (`metadata.entities[]`) and
 * entity.presentDetails (`metadata`, one entity without `app_unfurl_url`) take it: the documented
 * schema of entity_type, external_ref, url and entity_payload (attributes.title.text required;
 * fields, custom_fields with key, label and type; display_order; at most 2 primary and 5 overflow
 * actions with text and action_id ≤ 255, value ≤ 2,000, url ≤ 3,000, accessibility_label ≤ 75).
 * Slack's own message wording for these is not documented: the issues use the blocks' wording.
 * @see https://docs.slack.dev/messaging/work-objects-implementation
 */
import { IssueList, isRecord } from './validation-issue.js';

/** The supported entity types. @see https://docs.slack.dev/messaging/work-objects-implementation#supported-entity-types */
export const WORK_OBJECT_ENTITY_TYPES = [
  'slack#/entities/file',
  'slack#/entities/task',
  'slack#/entities/incident',
  'slack#/entities/content_item',
  'slack#/entities/item',
] as const;

const FIELD_TYPES = new Set([
  'string',
  'integer',
  'boolean',
  'array',
  'slack#/types/user',
  'slack#/types/channel_id',
  'slack#/types/timestamp',
  'slack#/types/date',
  'slack#/types/image',
  'slack#/types/entity_ref',
  'slack#/types/link',
  'slack#/types/email',
]);

const ACTION_LIMITS = { primary: 2, overflow: 5, actionId: 255, value: 2000, url: 3000, label: 75 } as const;

export function checkAction(issues: IssueList, path: string, action: unknown): void {
  if (!isRecord(action)) {
    issues.add(path, 'must be an object');
    return;
  }
  if (typeof action.text !== 'string' || action.text === '') issues.add(`${path}/text`, 'must provide a string');
  if (typeof action.action_id !== 'string' || action.action_id === '') issues.add(`${path}/action_id`, 'must provide a string');
  issues.maxChars(`${path}/action_id`, action.action_id, ACTION_LIMITS.actionId);
  issues.maxChars(`${path}/value`, action.value, ACTION_LIMITS.value);
  issues.maxChars(`${path}/url`, action.url, ACTION_LIMITS.url);
  issues.maxChars(`${path}/accessibility_label`, action.accessibility_label, ACTION_LIMITS.label);
  if (action.style !== undefined && action.style !== 'primary' && action.style !== 'danger') {
    issues.add(`${path}/style`, 'must be one of primary, danger');
  }
}

function checkActions(issues: IssueList, path: string, actions: unknown): void {
  if (actions === undefined) return;
  if (!isRecord(actions)) {
    issues.add(path, 'must be an object');
    return;
  }
  for (const [kind, max] of [
    ['primary_actions', ACTION_LIMITS.primary],
    ['overflow_actions', ACTION_LIMITS.overflow],
  ] as const) {
    const list = actions[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      issues.add(`${path}/${kind}`, 'must be an array');
      continue;
    }
    if (list.length > max) issues.add(`${path}/${kind}`, `must provide no more than ${max} items`);
    for (const [i, a] of list.entries()) checkAction(issues, `${path}/${kind}/${i}`, a);
  }
}

function checkCustomFields(issues: IssueList, path: string, fields: unknown): string[] {
  if (fields === undefined) return [];
  if (!Array.isArray(fields)) {
    issues.add(path, 'must be an array');
    return [];
  }
  const keys: string[] = [];
  for (const [i, f] of fields.entries()) {
    const at = `${path}/${i}`;
    if (!isRecord(f)) {
      issues.add(at, 'must be an object');
      continue;
    }
    if (typeof f.key !== 'string' || f.key === '') issues.add(`${at}/key`, 'must provide a string');
    else keys.push(f.key);
    if (typeof f.label !== 'string' || f.label === '') issues.add(`${at}/label`, 'must provide a string');
    if (typeof f.type !== 'string' || !FIELD_TYPES.has(f.type)) issues.add(`${at}/type`, 'must be a supported Work Object data type');
    if (f.type === 'array' && typeof f.item_type !== 'string') issues.add(`${at}/item_type`, 'is required for array fields');
  }
  return keys;
}

function checkPayload(issues: IssueList, path: string, payload: unknown): void {
  if (!isRecord(payload)) {
    issues.add(path, 'must provide an object');
    return;
  }
  const attributes = payload.attributes;
  if (!isRecord(attributes)) issues.add(`${path}/attributes`, 'must provide an object');
  else if (!isRecord(attributes.title) || typeof attributes.title.text !== 'string' || attributes.title.text.trim() === '') {
    issues.add(`${path}/attributes/title/text`, 'must provide a string');
  }
  let fieldKeys: string[] = [];
  if (payload.fields !== undefined) {
    if (!isRecord(payload.fields)) issues.add(`${path}/fields`, 'must be an object');
    else {
      fieldKeys = Object.keys(payload.fields);
      for (const [key, field] of Object.entries(payload.fields))
        if (!isRecord(field)) issues.add(`${path}/fields/${key}`, 'must be an object');
    }
  }
  const customKeys = checkCustomFields(issues, `${path}/custom_fields`, payload.custom_fields);
  if (payload.display_order !== undefined) {
    if (!Array.isArray(payload.display_order) || payload.display_order.some((k) => typeof k !== 'string')) {
      issues.add(`${path}/display_order`, 'must be an array of strings');
    } else {
      const known = new Set([...fieldKeys, ...customKeys]);
      for (const [i, k] of payload.display_order.entries()) {
        if (!known.has(k as string)) issues.add(`${path}/display_order/${i}`, 'must name a field or custom field');
      }
    }
  }
  checkActions(issues, `${path}/actions`, payload.actions);
}

/** One entity; `unfurl` entities carry app_unfurl_url, a flexpane's must not. */
export function checkEntity(issues: IssueList, path: string, entity: unknown, form: 'unfurl' | 'flexpane'): void {
  if (!isRecord(entity)) {
    issues.add(path, 'must be an object');
    return;
  }
  if (typeof entity.entity_type !== 'string' || entity.entity_type === '') issues.add(`${path}/entity_type`, 'must provide a string');
  else if (!(WORK_OBJECT_ENTITY_TYPES as readonly string[]).includes(entity.entity_type)) {
    issues.add(`${path}/entity_type`, 'must be a supported entity type');
  }
  const ref = entity.external_ref;
  if (!isRecord(ref) || typeof ref.id !== 'string' || ref.id === '') issues.add(`${path}/external_ref/id`, 'must provide a string');
  else if (ref.type !== undefined && typeof ref.type !== 'string') issues.add(`${path}/external_ref/type`, 'must be a string');
  if (typeof entity.url !== 'string' || !/^https?:\/\//.test(entity.url)) issues.add(`${path}/url`, 'must provide a URL');
  if (form === 'unfurl' && (typeof entity.app_unfurl_url !== 'string' || entity.app_unfurl_url === '')) {
    issues.add(`${path}/app_unfurl_url`, 'must provide a string');
  }
  if (form === 'flexpane' && entity.app_unfurl_url !== undefined)
    issues.add(`${path}/app_unfurl_url`, 'is not accepted in flexpane metadata');
  checkPayload(issues, `${path}/entity_payload`, entity.entity_payload);
}

/** chat.unfurl's `metadata`: `{entities: [...]}`. Undefined when its shape is not that at all. */
export function checkUnfurlMetadata(metadata: unknown): { entities: Record<string, unknown>[]; issues: IssueList } | undefined {
  if (!isRecord(metadata) || !Array.isArray(metadata.entities)) return undefined;
  const issues = new IssueList();
  if (metadata.entities.length === 0) issues.add('/metadata/entities', 'must provide at least 1 item');
  for (const [i, e] of metadata.entities.entries()) checkEntity(issues, `/metadata/entities/${i}`, e, 'unfurl');
  return { entities: metadata.entities.filter(isRecord), issues };
}
