/**
 * The connect modal (App Home, multi-workspace mode): the research-service API key, and the base
 * URL where the deployment lets a workspace choose its own service. Its submission is answered at
 * once with the "checking" view (Slack waits 3 s at most, the key check may take longer); the
 * check's result then replaces it: the "connected" view, or the form again with what to fix under
 * its field. The key is never put back into a view (no initial value, nothing in
 * private_metadata): after a failed check it is pasted again.
 * @see https://docs.slack.dev/surfaces/modals#handling_submissions
 * @see https://docs.slack.dev/surfaces/modals#updating_views
 */
import type { KnownBlock, ModalView } from '@slack/types';
import type { ConnectionSummary } from '../../workspaces/workspaces.js';
import type { ConnectionRejectedError } from '../../workspaces/workspace-errors.js';
import { CONNECT_MODAL } from '../blocks/action-ids.js';
import { clampPlainText } from '../blocks/clamp-text.js';
import { escapeMrkdwn } from '../blocks/escape.js';
import { clampView } from '../blocks/limits.js';
import { shownKeyHint } from './connection-section.js';
import { MODAL_FIELD_ERROR_CHARS, type ModalErrorsResponse, modalErrors } from '../blocks/modal-errors.js';

export interface ConnectModalOptions {
  /** Show the base URL input, prefilled with `defaultBaseUrl`. */
  allowCustomBaseUrl: boolean;
  defaultBaseUrl: string;
  /** A key is connected already: the modal changes it. */
  replacing: boolean;
  /** The form again after a failed check: the base URL typed then (never the key)… */
  typedBaseUrl?: string;
  /** …and what to fix, shown under each field (views.update cannot show `response_action: errors`). */
  errors?: ConnectModalErrors;
}

export type ConnectModalField = keyof typeof CONNECT_MODAL.blocks;
export type ConnectModalErrors = Partial<Record<ConnectModalField, string>>;

/** Slack shows up to this many characters of a field error; ours are short anyway. */
/** Research-service keys are far shorter; a longer paste is something else. */
export const MAX_API_KEY_CHARS = 500;
const MAX_BASE_URL_CHARS = 500;
/** private_metadata of a form that changes a connected key: the forms after it keep that title. */
const REPLACING_METADATA = 'replacing';

export function renderConnectModal(options: ConnectModalOptions): ModalView {
  const blocks: KnownBlock[] = [
    {
      type: 'input',
      block_id: CONNECT_MODAL.blocks.apiKey,
      label: { type: 'plain_text', text: 'Research service API key' },
      hint: {
        type: 'plain_text',
        text: 'The key is checked with the research service before it is saved, and is stored encrypted. Nobody can read it back, here or on the Home tab.',
      },
      element: {
        type: 'plain_text_input',
        action_id: CONNECT_MODAL.actions.apiKey,
        max_length: MAX_API_KEY_CHARS,
        placeholder: { type: 'plain_text', text: 'Paste the key' },
      },
    },
    ...fieldError('apiKey', options.errors),
  ];
  if (options.allowCustomBaseUrl) {
    const baseUrl = options.typedBaseUrl ?? options.defaultBaseUrl;
    blocks.push(
      {
        type: 'input',
        block_id: CONNECT_MODAL.blocks.baseUrl,
        label: { type: 'plain_text', text: 'Research service URL' },
        hint: { type: 'plain_text', text: 'Leave as it is unless your organisation runs its own research service.' },
        element: {
          type: 'url_text_input',
          action_id: CONNECT_MODAL.actions.baseUrl,
          ...(baseUrl ? { initial_value: baseUrl } : {}),
        },
      },
      ...fieldError('baseUrl', options.errors),
    );
  }
  return clampView({
    type: 'modal',
    callback_id: CONNECT_MODAL.callbackId,
    title: { type: 'plain_text', text: options.replacing ? 'Change the key' : 'Connect the service' },
    submit: { type: 'plain_text', text: options.replacing ? 'Save key' : 'Connect' },
    close: { type: 'plain_text', text: 'Cancel' },
    ...(options.replacing ? { private_metadata: REPLACING_METADATA } : {}),
    blocks,
  });
}

/** Whether the submitted form was the one that changes a connected key. */
export function isReplacingForm(privateMetadata: string | undefined): boolean {
  return privateMetadata === REPLACING_METADATA;
}

/** What to fix, under the input it is about. The messages are ours, escaped all the same. */
function fieldError(field: ConnectModalField, errors: ConnectModalErrors | undefined): KnownBlock[] {
  const message = errors?.[field];
  if (!message) return [];
  return [
    {
      type: 'context',
      block_id: `${CONNECT_MODAL.blocks[field]}_error`,
      elements: [{ type: 'mrkdwn', text: `:warning: ${escapeMrkdwn(clampPlainText(message, MODAL_FIELD_ERROR_CHARS))}` }],
    },
  ];
}

/** The answer to a valid submission, shown while the key is checked: nothing to submit. */
export function renderConnectChecking(): ModalView {
  return clampView({
    type: 'modal',
    callback_id: CONNECT_MODAL.checkingCallbackId,
    title: { type: 'plain_text', text: 'Checking the key' },
    close: { type: 'plain_text', text: 'Close' },
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: ':hourglass_flowing_sand: *Checking the key with the research service…*' } },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: 'This takes a few seconds. If you close this window, the Home tab shows whether it worked.' }],
      },
    ],
  });
}

/** The check passed and the key is saved. The base URL may have been typed by the user: escaped. */
export function renderConnectConnected(connection: Pick<ConnectionSummary, 'baseUrl' | 'keyHint'>): ModalView {
  const hint = shownKeyHint(connection.keyHint);
  const key = hint ? ` with the key ${escapeMrkdwn(hint)}` : '';
  return clampView({
    type: 'modal',
    callback_id: CONNECT_MODAL.connectedCallbackId,
    title: { type: 'plain_text', text: 'Connected' },
    close: { type: 'plain_text', text: 'Close' },
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*Connected ✓*\nResearch Desk now uses the research service at \`${escapeMrkdwn(connection.baseUrl)}\`${key}. You can close this.`,
        },
      },
    ],
  });
}

export interface ConnectModalValues {
  apiKey?: string | null;
  baseUrl?: string | null;
}

/** The submitted values, as Slack puts them in view.state.values. */
export function readConnectModal(values: Record<string, Record<string, { value?: string | null }>>): ConnectModalValues {
  return {
    apiKey: values[CONNECT_MODAL.blocks.apiKey]?.[CONNECT_MODAL.actions.apiKey]?.value ?? null,
    baseUrl: values[CONNECT_MODAL.blocks.baseUrl]?.[CONNECT_MODAL.actions.baseUrl]?.value ?? null,
  };
}

export type ConnectModalParse = { ok: true; apiKey: string; baseUrl?: string } | { ok: false; errors: ConnectModalErrors };

/** Trims the inputs and refuses what cannot be a key or a service URL, before anything is called (pure). */
export function parseConnectModal(values: ConnectModalValues, options: Pick<ConnectModalOptions, 'allowCustomBaseUrl'>): ConnectModalParse {
  const errors: ConnectModalErrors = {};
  const apiKey = (values.apiKey ?? '').trim();
  if (apiKey === '') errors.apiKey = 'Paste the research service API key.';
  else if (/\s/.test(apiKey)) errors.apiKey = 'A key has no spaces or line breaks: paste the key alone.';
  else if (apiKey.length > MAX_API_KEY_CHARS) errors.apiKey = 'That is too long to be a key: paste the key alone.';
  let baseUrl: string | undefined;
  if (options.allowCustomBaseUrl) {
    const raw = (values.baseUrl ?? '').trim();
    if (raw === '') errors.baseUrl = 'Give the research service URL (https://…).';
    else if (raw.length > MAX_BASE_URL_CHARS || !isHttpUrl(raw)) errors.baseUrl = 'Give a web address starting with https://.';
    else baseUrl = raw;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, apiKey, ...(baseUrl ? { baseUrl } : {}) };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** `response_action: errors` under the named inputs; messages are ours or the directory's, never the key. */
export function connectModalErrors(errors: ConnectModalErrors): ModalErrorsResponse {
  return modalErrors(errors, CONNECT_MODAL.blocks);
}

/** The field a rejected connection names; the key field when the base URL input is not shown. */
export function rejectedField(error: Pick<ConnectionRejectedError, 'field'>, allowCustomBaseUrl: boolean): ConnectModalField {
  return error.field === 'base_url' && allowCustomBaseUrl ? 'baseUrl' : 'apiKey';
}
