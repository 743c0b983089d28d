/**
 * What one feature slice offers the others. Slices never import each other (checked by
 * `npm run lint:deps`); where one feature's listener must run another's work — a Retry runs any
 * slash command again, Share re-renders a card, `/research watch` belongs to watchlists, a change
 * on a watch refreshes App Home — it asks these hooks, which the composition root
 * (src/slack/register-listeners.ts) fills from the slices' exports.
 */
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { ButtonHandler, ButtonInteraction } from './button-interaction.js';
import type { CommandContext } from './command-context.js';
import type { ChannelRef } from './commands/channel-ref.js';
import type { WatchArgs } from './commands/parse-watch-args.js';
import type { ListenerDeps } from './listener-deps.js';
import type { AskAboutDocumentRequest } from './ask-about-document-request.js';
import type { DeskOperations } from './operations/desk-operations.js';
import type { HomeTarget } from './home-target.js';
import type { WorkflowAgentHooks } from './workflow-agent-hooks.js';
import type { ListenerRegistry } from './listener-router.js';
import type { Logger } from '../../observability/logger.js';
import type { WebClient } from '@slack/web-api';
import type { KnownBlock } from '@slack/types';

/** The app's slash commands (manifest.yml; test/manifest.test.ts keeps them equal). */
export const SLASH_COMMANDS = ['/research', '/financials', '/concepts'] as const;
export type SlashCommandName = (typeof SLASH_COMMANDS)[number];

/** Parses and runs a slash command's text; never throws (failures are answered). */
export type CommandRunner = (deps: ListenerDeps, ctx: CommandContext) => Promise<void>;

/** A button a Retry may press again, with the words its failure message uses. */
export interface RetryableButton {
  handler: ButtonHandler;
  action: string;
}

/**
 * Renders the card a command's text makes again, for everyone (Share in channel); undefined when
 * that text makes no card that can be shared.
 */
export type SharedCardRenderer = (deps: ListenerDeps, text: string, click: ButtonInteraction) => Promise<SlackMessage | undefined>;

/** `/research` subcommands answered by other slices (the research slice parses them). */
export interface ResearchHandoffs {
  ask(deps: ListenerDeps, ctx: CommandContext & { question: string }): Promise<void>;
  replay(deps: ListenerDeps, ctx: CommandContext & { conversationId: string; assistantMessageId?: string }): Promise<void>;
  folderCreate(deps: ListenerDeps, ctx: CommandContext, args: { name: string }): Promise<void>;
  folderDelete(deps: ListenerDeps, ctx: CommandContext, args: { folderId: string }): Promise<void>;
  watch(deps: ListenerDeps, ctx: CommandContext, args: WatchArgs): Promise<void>;
  watches(deps: ListenerDeps, ctx: CommandContext, args: { channel: ChannelRef | null }): Promise<void>;
  /** `/research folder <name or id>` (its files and their status) and `/research folders` (folder undefined). */
  folderShow(deps: ListenerDeps, ctx: CommandContext, args: { folder?: string }): Promise<void>;
}

/** Who App Home's research-folders section is for: a member of the installing organisation. */
export interface HomeDocumentsViewer {
  teamId: string;
  userId: string;
  /** A workspace admin or owner: may delete any folder or file, not only their own. */
  isAdmin: boolean;
}

/** The agent view (App Home's Messages tab) was opened. */
export interface AgentViewOpened {
  client: WebClient;
  userId: string;
  channelId: string;
  log: Logger;
}

export interface FeatureHooks {
  /** Every slash command, by name: Retry on an error card runs one again. */
  commands: Readonly<Record<SlashCommandName, CommandRunner>>;
  /** Buttons a Retry may press again, by base action id. */
  retryableButtons: Readonly<Record<string, RetryableButton>>;
  /** Cards Share in channel can make again, by the command that made them. */
  sharedCards: Readonly<Partial<Record<SlashCommandName, SharedCardRenderer>>>;
  research: ResearchHandoffs;
  /** Publishes a user's App Home again, after a change made from a card or the Home tab itself. */
  /** `notice`: why the user's last click on Home was refused (a Home click has no response_url). */
  publishHome(deps: ListenerDeps, target: HomeTarget, options?: { notice?: string }): Promise<void>;
  /** App Home's *Research folders* section: the workspace's folders and files, with status and Delete where allowed. */
  homeDocuments(deps: ListenerDeps, viewer: HomeDocumentsViewer): Promise<KnownBlock[]>;
  /** Sets up the agent view when a user opens it. */
  agentViewOpened(target: AgentViewOpened): Promise<void>;
  /** The agent for the Workflow Builder step *Ask the research agent*: start a run, read how it ended. */
  workflowAgent: WorkflowAgentHooks;
  /** "Ask the agent" about a document from another slice's surface (a Work Object): the agent slice's run. */
  askAboutDocument(deps: ListenerDeps, request: AskAboutDocumentRequest): Promise<void>;
  /**
   * The data the slash commands show, as structured results for surfaces that are no card (Workflow
   * Builder steps, MCP tools): each slice's own parsing and fetching (src/slack/kit/operations/).
   */
  operations: DeskOperations;
}

/** A slice's one entry point: registers its listeners, asking the hooks for other slices' work. */
export type RegisterSlice = (app: ListenerRegistry, deps: ListenerDeps, hooks: FeatureHooks) => void;
