/**
 * Typed errors of the workspace directory. Their messages are written for the Slack user who
 * asked: they say what is wrong and how to fix it, and never carry a key or token.
 */

/** The workspace installed the app but has not connected a research-service account yet. */
export class WorkspaceNotConnectedError extends Error {
  override readonly name = 'WorkspaceNotConnectedError';
  constructor(readonly teamId: string) {
    super(
      'This workspace has not connected Research Desk to the research service yet. ' +
        'The person who installed the app or a workspace admin can connect it: open Research Desk’s Home tab and choose *Connect research service*.',
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

/** Only the installer or a workspace admin may change the workspace's connection. */
export class ConnectionNotPermittedError extends Error {
  override readonly name = 'ConnectionNotPermittedError';
  constructor() {
    super('Only the person who installed Research Desk or a workspace admin can change its research-service connection.');
  }
}

/** Single-workspace deployments take their key from the environment, not from Slack. */
export class ConnectionManagedByOperatorError extends Error {
  override readonly name = 'ConnectionManagedByOperatorError';
  constructor() {
    super('This Research Desk is connected by its operator (SERVICE_API_KEY); the connection cannot be changed from Slack.');
  }
}
