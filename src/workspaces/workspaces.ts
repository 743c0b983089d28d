/**
 * The workspace directory: for each workspace, its Slack bot client and its research-service
 * client. One deployment runs in one of two modes:
 * - `single`: one bot token and one service key from the environment serve one team (self-hosted);
 * - `multi`: OAuth installs; each workspace (or org) has its own installation and connects its own
 *   service account from App Home, stored encrypted.
 * Listeners, the relay, digests and watches ask here instead of holding a client of their own, so
 * no call of one workspace can go out with another's credentials.
 */
import type { WebClient } from '@slack/web-api';
import type { ResearchService } from '../service/types.js';
import type { ConnectionOwner } from './workspace-errors.js';
import type { WorkspaceRef } from './workspace-ref.js';

/** A research client that can be closed when its credentials are replaced. */
export type ClosableService = ResearchService & { close(): Promise<void> };

/** What App Home shows of a connection: never the key itself. */
export interface ConnectionSummary {
  /** Slack user id of who connected it; `environment` when the operator set SERVICE_API_KEY. */
  connectedBy: string;
  connectedAtMs: number;
  /** The key's last four characters, e.g. `…9f3a`. */
  keyHint: string;
  /** The service base URL this workspace uses. */
  baseUrl: string;
}

/**
 * Who asks to connect, change or remove a connection, as Slack's users.info says (never the
 * installer: installing the app again grants nothing).
 * @see https://docs.slack.dev/reference/methods/users.info
 */
export interface ConnectionActor {
  /** Slack user id. */
  id: string;
  /** An admin or owner of the workspace the request came from (`is_admin`, `is_owner`, `is_primary_owner`). */
  workspaceAdmin: boolean;
  /** An Enterprise Grid org user: their org, and whether they are its admin or owner (`enterprise_user`). */
  org?: { enterpriseId: string; admin: boolean };
}

/**
 * Whose connection a workspace uses and whether the actor may manage it: an org-wide
 * installation's connection is the organisation's (org admins and owners only), a workspace's own
 * is its admins' and owners'.
 */
export interface ConnectionRights {
  owner: ConnectionOwner;
  mayManage: boolean;
}

export interface ConnectRequest {
  apiKey: string;
  /** Only where the deployment allows workspaces their own service (`allowCustomBaseUrl`). */
  baseUrl?: string;
  /** Who connects: refused with ConnectionNotPermittedError unless they may manage the connection. */
  by: ConnectionActor;
}

export interface Workspaces {
  readonly mode: 'single' | 'multi';
  /** The connect modal offers a base URL field. */
  readonly allowCustomBaseUrl: boolean;
  /** The deployment's service base URL (the connect modal's default). */
  readonly defaultBaseUrl: string;
  /** The workspace's research service. Throws WorkspaceNotConnectedError until it is connected. */
  service(ref: WorkspaceRef): Promise<ResearchService>;
  /** A Web API client with the workspace's bot token (refreshed first when it rotates). Throws WorkspaceNotInstalledError. */
  slackClient(ref: WorkspaceRef): Promise<WebClient>;
  /** The workspace's connection, or undefined when none. */
  connection(ref: WorkspaceRef): Promise<ConnectionSummary | undefined>;
  /** Whose the workspace's connection is, and whether this actor may connect, change or remove it. */
  connectionRights(ref: WorkspaceRef, actor: ConnectionActor): Promise<ConnectionRights>;
  /**
   * Checks who connects, then the key with one read-only call to the service, then stores it
   * encrypted. Throws ConnectionNotPermittedError (who may), ConnectionRejectedError (what to fix),
   * ConnectionManagedByOperatorError in single mode.
   */
  connect(ref: WorkspaceRef, request: ConnectRequest): Promise<ConnectionSummary>;
  /** Removes the workspace's connection (ConnectionNotPermittedError unless `by` may); its commands then say how to connect again. */
  disconnect(ref: WorkspaceRef, by: ConnectionActor): Promise<void>;
  /**
   * The app was uninstalled or its tokens revoked: stops the workspace's runs, and deletes its
   * installation, connection and everything kept for it. Returns how many keys were deleted.
   */
  forget(ref: WorkspaceRef): Promise<number>;
}
