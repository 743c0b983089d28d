import type { EmulatorConfig } from '../config.js';
import type { EmulatorState } from '../state.js';
import type { ApiArgs } from './api-args.js';

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
}

export type ApiResult = Record<string, unknown>;
export type ApiHandler = (ctx: ApiContext) => ApiResult;

export interface ApiMethod {
  handler: ApiHandler;
  /** Which token type Slack accepts for the method. */
  token: 'bot' | 'app' | 'any';
  /**
   * A scope the token must hold, else Slack answers `missing_scope` with `needed` and `provided`.
   * Set only where the emulator checks it (apps.connections.open's connections:write).
   */
  scope?: string;
}
