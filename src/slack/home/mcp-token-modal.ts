/**
 * The form that creates a token for MCP clients (App Home, admins): a label naming who or what
 * will use it. Its submission is answered with the token, shown this once: the store keeps only
 * its hash, so it cannot be shown again; a lost token is revoked and another created.
 * @see https://docs.slack.dev/surfaces/modals#updating_response
 */
import type { KnownBlock, ModalView } from '@slack/types';
import { MCP_TOKEN_LIMITS, type McpTokenRecord } from '../../store/mcp-tokens.js';
import { MCP_TOKEN_MODAL } from '../blocks/action-ids.js';
import { escapeMrkdwn } from '../blocks/escape.js';
import { clampView } from '../blocks/limits.js';
import { type ModalErrorsResponse, modalErrors } from '../blocks/modal-errors.js';

export function renderMcpTokenModal(): ModalView {
  return clampView({
    type: 'modal',
    callback_id: MCP_TOKEN_MODAL.callbackId,
    title: { type: 'plain_text', text: 'New MCP token' },
    submit: { type: 'plain_text', text: 'Create token' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      {
        type: 'input',
        block_id: MCP_TOKEN_MODAL.blocks.label,
        label: { type: 'plain_text', text: 'Label' },
        hint: {
          type: 'plain_text',
          text: 'Who or what will use it, e.g. “Claude Desktop (Ana)”. The token is shown once, after you create it.',
        },
        element: {
          type: 'plain_text_input',
          action_id: MCP_TOKEN_MODAL.actions.label,
          max_length: MCP_TOKEN_LIMITS.labelChars,
          placeholder: { type: 'plain_text', text: 'Claude Desktop (Ana)' },
        },
      },
    ],
  });
}

/** The label typed, trimmed; undefined when none. */
export function readMcpTokenLabel(values: Record<string, Record<string, { value?: string | null }>>): string | undefined {
  const label = values[MCP_TOKEN_MODAL.blocks.label]?.[MCP_TOKEN_MODAL.actions.label]?.value?.trim();
  return label ? label.slice(0, MCP_TOKEN_LIMITS.labelChars) : undefined;
}

export function mcpTokenModalError(message: string): ModalErrorsResponse {
  return modalErrors({ label: message }, MCP_TOKEN_MODAL.blocks);
}

/** The new token, this once. */
export function renderMcpTokenCreated(token: string, record: Pick<McpTokenRecord, 'label'>): ModalView {
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `*Token “${escapeMrkdwn(record.label)}” created.* Copy it now: it is shown only this once, and Research Desk keeps only a fingerprint of it.`,
      },
    },
    { type: 'section', text: { type: 'mrkdwn', text: `\`\`\`${token}\`\`\`` } },
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: 'The client sends it as `Authorization: Bearer <token>` to `/mcp` on this app’s address, and acts for this workspace. Revoke it on the Home tab when it is no longer used.',
        },
      ],
    },
  ];
  return clampView({
    type: 'modal',
    callback_id: MCP_TOKEN_MODAL.createdCallbackId,
    title: { type: 'plain_text', text: 'MCP token' },
    close: { type: 'plain_text', text: 'Done' },
    blocks,
  });
}
