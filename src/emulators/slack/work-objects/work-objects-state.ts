/**
 * What the emulated Slack keeps of Work Objects: the side panel (flexpane) each user has open, the
 * trigger each opening handed the app (entity.presentDetails answers it), and the workspaces that
 * do not take Work Objects (chat.unfurl with `metadata` is refused there).
 * @see https://docs.slack.dev/messaging/work-objects-overview
 */

/** The entity a flexpane was opened on, as the unfurl named it. */
export interface EntityRef {
  externalRef: { id: string; type?: string };
  entityUrl: string;
  appUnfurlUrl: string;
  entityType: string;
}

/** One user's open side panel: what the app last presented in it (or that it still waits). */
export interface Flexpane {
  user: string;
  teamId: string;
  channel: string;
  messageTs: string;
  threadTs?: string;
  entity: EntityRef;
  /** The unfurl's own entity, shown while the app has not answered. */
  placeholder: Record<string, unknown>;
  /** The trigger of the latest opening or refresh. */
  triggerId: string;
  status: 'waiting' | 'presented' | 'error' | 'auth_required';
  metadata?: Record<string, unknown>;
  error?: Record<string, unknown>;
  userAuthUrl?: string;
  /** entity.presentDetails calls answered for this panel. */
  presentCalls: number;
  openedAt: number;
  updatedAt: number;
}

/** A trigger of an opened panel: good for entity.presentDetails of that user and entity. */
export interface EntityTrigger {
  user: string;
  teamId: string;
  externalRefId: string;
  createdAt: number;
}

export class WorkObjectsState {
  readonly flexpanes = new Map<string, Flexpane>();
  readonly triggers = new Map<string, EntityTrigger>();
  /** Workspaces (team ids) that do not take Work Objects: their unfurls must be classic. */
  readonly refusingTeams = new Set<string>();

  clear(): void {
    this.flexpanes.clear();
    this.triggers.clear();
    this.refusingTeams.clear();
  }
}
