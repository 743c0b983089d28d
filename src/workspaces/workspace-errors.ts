/**
 * Typed errors of the workspace directory. Their messages are written for the Slack user who
 * asked: they say what is wrong and how to fix it, and never carry a key or token.
 */

/** Whose a connection is: a workspace's own, or its Enterprise Grid organisation's (an org-wide install). */
export type ConnectionOwner = 'workspace' | 'organisation';

/** Who may manage a connection of that owner, as a sentence's subject. */
export function whoManages(owner: ConnectionOwner): string {
  return owner === 'organisation' ? 'An org admin or org owner of your Enterprise Grid organisation' : 'A workspace admin or owner';
}

/** The workspace installed the app but has not connected a research-service account yet. */
export class WorkspaceNotConnectedError extends Error {
  override readonly name = 'WorkspaceNotConnectedError';
  constructor(
    readonly teamId: string,
    readonly owner: ConnectionOwner = 'workspace',
  ) {
    super(
      'This workspace has not connected Research Desk to the research service yet. ' +
        `${whoManages(owner)} can connect it: open Research Desk’s Home tab and choose *Connect research service*.`,
    );
  }
}

/** No installation answers for the workspace (never installed, or uninstalled). */
export class WorkspaceNotInstalledError extends Error {
  override readonly name = 'WorkspaceNotInstalledError';
  constructor(readonly teamId: string) {
    super('Research Desk is not installed in this workspace. Install it again from its “Add to Slack” page.');
  }
}

/** The key (or base URL) offered in the connect modal did not work; `field` names the input to fix. */
export class ConnectionRejectedError extends Error {
  override readonly name = 'ConnectionRejectedError';
  constructor(
    readonly field: 'api_key' | 'base_url',
    message: string,
  ) {
    super(message);
  }
}

/** The user may not connect, change or remove the connection: only those `whoManages(owner)` names may. */
export class ConnectionNotPermittedError extends Error {
  override readonly name = 'ConnectionNotPermittedError';
  constructor(readonly owner: ConnectionOwner = 'workspace') {
    super(
      owner === 'organisation'
        ? 'This workspace uses its Enterprise Grid organisation’s research-service connection: only an org admin or org owner can connect, change or disconnect it. Ask one of them.'
        : 'Only a workspace admin or owner can connect, change or disconnect Research Desk’s research-service connection. Ask one of them.',
    );
  }
}

/** Single-workspace deployments take their key from the environment, not from Slack. */
export class ConnectionManagedByOperatorError extends Error {
  override readonly name = 'ConnectionManagedByOperatorError';
  constructor() {
    super('This Research Desk is connected by its operator (SERVICE_API_KEY); the connection cannot be changed from Slack.');
  }
}
