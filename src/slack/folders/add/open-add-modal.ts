/**
 * Opens the *Add to research folder* modal for the files of one message (issue 31: placeholder
 * until built). The DM reply's button and the message shortcut (src/slack/folders/entry/) call it.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';

/** The files of one Slack message, and where the user added them from (where progress is told). */
export interface FilesToAdd {
  teamId: string;
  userId: string;
  /** The conversation of the message holding the files. */
  channelId: string;
  /** The thread progress is told in: the file message's own ts (or its thread's). */
  threadTs?: string;
  /** Slack file ids and names as the message carried them (the names are untrusted text). */
  files: Array<{ id: string; name: string }>;
}

export interface OpenAddModal {
  client: WebClient;
  triggerId: string;
  workspace: WorkspaceRef;
  log: Logger;
}

export async function openAddDocumentModal(_deps: ListenerDeps, _open: OpenAddModal, _files: FilesToAdd): Promise<void> {}
