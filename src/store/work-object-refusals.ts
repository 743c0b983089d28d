/**
 * Workspaces whose Slack refused a Work Object unfurl (chat.unfurl `metadata`) as a whole: their
 * document links unfurl as classic cards for a day (TTL.workObjectsRefusedMs), then Work Objects
 * are tried again, so a workspace that turns them on is noticed without a restart.
 */
import { keys, TTL } from './keys.js';
import type { StateStore } from './state-store.js';

export class WorkObjectRefusals {
  constructor(private readonly store: StateStore) {}

  /** Whether Slack refused this workspace's Work Objects within the last day. */
  async refused(teamId: string): Promise<boolean> {
    return (await this.store.get(keys.workObjectsRefused(teamId))) !== null;
  }

  /** Remembers the refusal (Slack's error code) for a day. */
  async remember(teamId: string, slackError: string): Promise<void> {
    await this.store.set(keys.workObjectsRefused(teamId), slackError, TTL.workObjectsRefusedMs);
  }
}
