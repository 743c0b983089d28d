export { startSlackEmulator } from './emulator.js';
export { signSlackRequest } from './signing.js';
export { slackRateLimitTable, slackTiers, RateLimiter } from './rate-limits.js';
export type { RateLimitRule, RateLimitTable, RateLimitDecision } from './rate-limits.js';
export { slackLimits } from './validation/limits.js';
export { SlackApiError, EmulatorUsageError } from './errors.js';
export { WaitForTimeoutError } from './wait-for.js';
export { workspaceSeed } from './workspace-seed.js';
export { harborWorkspace, northwindOrg } from './workspaces.js';
export type {
  ApiCall,
  DeliveryKind,
  DeliveryOutcome,
  DeliveryRecord,
  SignedHttpRequest,
  DeliveryResult,
  Reaction,
  SlackChannel,
  SlackEmulator,
  SlackEmulatorOptions,
  SlackUser,
  SlashCommandSpec,
  WorkspaceListing,
  StoredEphemeral,
  StoredFile,
  StoredMessage,
  StoredUnfurl,
  StoredView,
  StreamInfo,
} from './types.js';
