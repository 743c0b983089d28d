/**
 * What a slash-command handler hands to the function doing the work, including the delegates of
 * other features (agent runs, folders and tags, digest subscriptions). Built once per command,
 * after the ack, by the command listener.
 */
import type { RespondFn, SlashCommand } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../observability/logger.js';
import type { WorkspaceRef } from '../../workspaces/workspace-ref.js';

export interface CommandContext {
  command: SlashCommand;
  /** The command's response_url: ephemeral by default, `response_type: 'in_channel'` to post. */
  respond: RespondFn;
  client: WebClient;
  /** Carries the correlation id in every line. */
  log: Logger;
  correlationId: string;
  /** The workspace the command came from: its service answers (`deps.workspaces.service(workspace)`). */
  workspace: WorkspaceRef;
}

/** A command context with the parser's typed result for this subcommand. */
export type CommandInvocation<A> = CommandContext & { args: A };
