import type { EmulatorConfig } from './config.js';
import type { Deliverer } from './delivery/deliverer.js';
import { EmulatorUsageError } from './errors.js';
import { createTriggerId } from './ids.js';
import type { EmulatorState } from './state.js';
import type { SlackChannel } from './slack-channel.js';
import type { SlackUser } from './slack-user.js';

/** What the simulated users' actions need: the state, the config and the way to reach the app. */
export interface ActionDeps {
  state: EmulatorState;
  config: EmulatorConfig;
  deliverer: Deliverer;
  baseUrl: () => string;
}

export function actingUser(deps: ActionDeps, userId: string | undefined): SlackUser {
  const user = deps.state.users.get(userId ?? deps.state.seed.defaultUserId);
  if (user === undefined || user.is_bot) throw new EmulatorUsageError('user_not_found', `unknown user ${userId ?? ''}`);
  return user;
}

export function targetChannel(deps: ActionDeps, channelId: string | undefined): SlackChannel {
  const channel = deps.state.resolveChannel(channelId ?? deps.state.seed.defaultChannelId);
  if (channel === undefined) throw new EmulatorUsageError('channel_not_found', `unknown channel ${channelId ?? ''}`);
  return channel;
}

export function issueTrigger(deps: ActionDeps, userId: string): string {
  const id = createTriggerId(deps.config.clock);
  deps.state.triggers.set(id, { user: userId, createdAt: deps.config.clock(), used: false });
  return id;
}

export function eventTs(deps: ActionDeps): string {
  return deps.state.nextTs();
}
