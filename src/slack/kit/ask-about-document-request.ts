/**
 * "Ask the agent" about one document: from the agent slice's own buttons (a document card, a
 * file's notice) or from a surface of another slice (a document's Work Object: its unfurl or its
 * side panel, through FeatureHooks.askAboutDocument). The agent slice answers it
 * (src/slack/agent/runs/ask-about-document.ts): the document passes the fence of uploaded files,
 * and the run is posted in `card`'s thread.
 */
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../observability/logger.js';
import type { WorkspaceRef } from '../../workspaces/workspace-ref.js';

export interface AskAboutDocumentRequest {
  teamId: string;
  channelId: string;
  userId: string;
  /** The asker's own team as the payload names it (`user.team_id`). */
  userTeamId?: string;
  doc: { docId: string; docTitle: string };
  /** The message the run answers in the thread of (a visible card); undefined (an ephemeral card) posts a message to carry the thread. */
  card?: { ts: string; threadTs?: string };
  /** Unique per click (the action's action_ts). */
  clickId: string;
  client: WebClient;
  /** How the asker is told of a refusal (ephemeral). */
  respond: RespondFn;
  log: Logger;
  correlationId: string;
  workspace: WorkspaceRef;
}
