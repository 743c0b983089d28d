import type { EmulatorConfig } from '../config.js';
import type { Installation } from '../installations.js';
import type { EmulatorState } from '../state.js';
import type { BotIdentity } from '../workspaces.js';
import type { ApiArgs } from './api-args.js';
import type { StoredMessage } from '../stored-message.js';

/** Whose call it is: the installation its bot token belongs to and where that token reaches. */
export interface ApiAuth {
  /** Undefined for an app-level token and for methods that take none (oauth.v2.access). */
  installation: Installation | undefined;
  bot: BotIdentity;
  /** The workspaces the token acts in (both of an org for an org-wide installation). */
  reach: ReadonlySet<string>;
  /** A workflow token (`xwfp-`) acts for this function execution only (functions.complete*). */
  functionExecutionId?: string;
}

export interface ApiContext {
  state: EmulatorState;
  config: EmulatorConfig;
  args: ApiArgs;
  now: number;
  /** The emulator's own base URL (for upload URLs). */
  baseUrl: string;
  tokenKind: 'bot' | 'app';
  /** Issues a one-time Socket Mode URL (apps.connections.open). */
  openSocketUrl: () => string;
  auth: ApiAuth;
  /** Client id and secret sent with HTTP Basic (oauth.v2.access), if any. */
  basicCredentials?: { user: string; password: string };
  /** Tells the app about an uninstall (tokens_revoked, app_uninstalled), after the answer. */
  onUninstalled: (installation: Installation) => void;
  /** Tells the app about a message its bot posted (message_metadata_posted), after the answer. */
  onBotPosted?: (message: StoredMessage) => void;
}

export type ApiResult = Record<string, unknown>;
export type ApiHandler = (ctx: ApiContext) => ApiResult;

export interface ApiMethod {
  handler: ApiHandler;
  /** Which token type Slack accepts for the method ('none': takes no token, e.g. oauth.v2.access). */
  token: 'bot' | 'app' | 'any' | 'none';
  /**
   * A scope the token must hold, else Slack answers `missing_scope` with `needed` and `provided`.
   * Set only where the emulator checks it (apps.connections.open's connections:write).
   */
  scope?: string;
}
