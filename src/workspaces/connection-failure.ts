/**
 * Failures that say the workspace cannot use the research service yet (not installed, not
 * connected) or that the user may not change its connection. They are not faults: the user is
 * told the error's own message (written for them) and the log line is informational.
 */
import {
  ConnectionManagedByOperatorError,
  ConnectionNotPermittedError,
  WorkspaceNotConnectedError,
  WorkspaceNotInstalledError,
} from './workspace-errors.js';
import type { WorkspaceRef } from './workspace-ref.js';
import type { Workspaces } from './workspaces.js';

export type ConnectionFailure =
  | WorkspaceNotConnectedError
  | WorkspaceNotInstalledError
  | ConnectionNotPermittedError
  | ConnectionManagedByOperatorError;

export function isConnectionFailure(error: unknown): error is ConnectionFailure {
  return (
    error instanceof WorkspaceNotConnectedError ||
    error instanceof WorkspaceNotInstalledError ||
    error instanceof ConnectionNotPermittedError ||
    error instanceof ConnectionManagedByOperatorError
  );
}

/** Why the workspace cannot use the service now, or undefined when it can. Other failures (a store outage) throw. */
export async function connectionFailureOf(
  workspaces: Pick<Workspaces, 'service'>,
  ref: WorkspaceRef,
): Promise<ConnectionFailure | undefined> {
  try {
    await workspaces.service(ref);
    return undefined;
  } catch (error) {
    if (isConnectionFailure(error)) return error;
    throw error;
  }
}
