/** Whose App Home to publish again, and how a click names it. */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../observability/logger.js';
import type { WorkspaceRef } from '../../workspaces/workspace-ref.js';
import type { ButtonInteraction } from './button-interaction.js';

export interface HomeTarget {
  client: WebClient;
  teamId: string;
  userId: string;
  log: Logger;
  workspace: WorkspaceRef;
}

/** The clicker's Home, in the click's workspace. */
export function homeTargetOf(click: ButtonInteraction & { teamId: string }): HomeTarget {
  return { client: click.client, teamId: click.teamId, userId: click.userId, log: click.log, workspace: click.workspace };
}
