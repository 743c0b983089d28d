/**
 * manifest.yml and the code must agree: the slash commands, shortcut callback ids and bot
 * events Slack is told about are exactly those the listeners register, and the bot scopes
 * cover what the features call. The listeners register on a recording stand-in for the router
 * (src/slack/kit/listener-router.ts), which takes Bolt's registration calls.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ENGLISH_PROMPTS } from '../src/slack/agent/agent-view/suggested-prompts.js';
import { AGENT_VIEW_LIMITS } from '../src/slack-api/agent-view-limits.js';
import { BOT_SCOPES } from '../src/slack-api/bot-scopes.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { createRedactor } from '../src/observability/redactor.js';
import { ACTION_IDS, CONNECT_MODAL, FINANCIALS_MODAL } from '../src/slack/blocks/action-ids.js';
import { SLASH_COMMANDS } from '../src/slack/kit/feature-hooks.js';
import { MESSAGE_SHORTCUT_IDS } from '../src/slack/kit/message-shortcut-ids.js';
import { registerListeners } from '../src/slack/register-listeners.js';
import { WORKFLOW_STEPS } from '../src/slack/workflows/register.js';
import { WORKFLOW_STEP_IDS } from '../src/slack/workflows/workflow-step-ids.js';
import { DOCUMENT_ENTITY_TYPE } from '../src/slack/research/unfurls/document-entity.js';
import { MCP_PATH } from '../src/slack/mcp/mcp-routes.js';
import type { ListenerRegistry } from '../src/slack/kit/listener-router.js';
import type { ListenerDeps } from '../src/slack/kit/listener-deps.js';

type Constraint = string | RegExp | Record<string, unknown>;

interface Registrations {
  commands: string[];
  actions: Constraint[];
  views: Constraint[];
  events: string[];
  shortcuts: Constraint[];
  /** Workflow Builder steps' callback ids (app.function). */
  functions: string[];
  messages: number;
  middleware: number;
}

/** Implements the App methods listeners use; any other method fails the test by name. */
function recordingApp(): { app: ListenerRegistry; seen: Registrations } {
  const seen: Registrations = {
    commands: [],
    actions: [],
    views: [],
    events: [],
    shortcuts: [],
    functions: [],
    messages: 0,
    middleware: 0,
  };
  const methods: Record<string, (first: unknown) => void> = {
    command: (name) => void seen.commands.push(String(name)),
    action: (c) => void seen.actions.push(c as Constraint),
    view: (c) => void seen.views.push(c as Constraint),
    event: (name) => void seen.events.push(String(name)),
    shortcut: (c) => void seen.shortcuts.push(c as Constraint),
    // A step listens to the function_executed event (Bolt's CustomFunction).
    function: (callbackId) => {
      seen.functions.push(String(callbackId));
      seen.events.push('function_executed');
    },
    message: () => {
      seen.messages += 1;
    },
    use: () => {
      seen.middleware += 1;
    },
  };
  const app = new Proxy(
    {},
    {
      get(_target, prop) {
        const method = methods[String(prop)];
        if (!method) throw new Error(`listeners call app.${String(prop)}, which the recording app does not know: add it here`);
        return (...args: unknown[]) => method(args[0]);
      },
    },
  ) as unknown as ListenerRegistry;
  return { app, seen };
}

/** Registration never touches the dependencies (they are used per request), except the logger. */
function registrationDeps(): ListenerDeps {
  return { logger: createMemoryLogger(createRedactor([])) } as unknown as ListenerDeps;
}

interface Manifest {
  features: {
    slash_commands: Array<{ command: string; usage_hint?: string; description: string }>;
    shortcuts?: Array<{ callback_id: string; type: string; name: string }>;
    app_home: { messages_tab_enabled: boolean };
    agent_view?: { agent_description?: string; suggested_prompts?: Array<{ title: string; message: string }> };
    rich_previews?: { is_active?: boolean; entity_types?: string[] };
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: { event_subscriptions: { bot_events: string[] }; interactivity: { is_enabled: boolean }; function_runtime?: string };
  functions?: Record<string, ManifestFunction>;
  mcp_servers?: Record<string, { url: string; auth_type: string }>;
}

interface ManifestParameters {
  properties: Record<string, { type: string; title?: string; description?: string }>;
  required?: string[];
}

interface ManifestFunction {
  title: string;
  description?: string;
  input_parameters: ManifestParameters;
  output_parameters: ManifestParameters;
}

const manifest = parse(readFileSync(new URL('../manifest.yml', import.meta.url), 'utf8')) as Manifest;
const { app, seen } = recordingApp();
registerListeners(app, registrationDeps());

const shortcutId = (c: Constraint): string => (typeof c === 'string' ? c : String((c as { callback_id?: unknown }).callback_id));
const matches = (c: Constraint, id: string): boolean =>
  typeof c === 'string' ? c === id : c instanceof RegExp ? c.test(id) : (c as { action_id?: unknown }).action_id === id;

describe('manifest.yml', () => {
  it('declares exactly the slash commands the code registers', () => {
    const declared = manifest.features.slash_commands.map((c) => c.command).sort();
    expect(declared).toEqual([...seen.commands].sort());
    expect([...SLASH_COMMANDS].sort()).toEqual([...seen.commands].sort());
    for (const c of manifest.features.slash_commands) {
      expect(c.command.length).toBeLessThanOrEqual(32);
      expect((c.usage_hint ?? '').length).toBeLessThanOrEqual(1000);
    }
  });

  it('declares exactly the message shortcuts the code registers', () => {
    const declared = (manifest.features.shortcuts ?? []).map((s) => s.callback_id).sort();
    expect(declared).toEqual(seen.shortcuts.map(shortcutId).sort());
    for (const s of manifest.features.shortcuts ?? []) {
      expect(s.type).toBe('message');
      expect(s.name.length).toBeLessThanOrEqual(24);
    }
  });

  it('offers Add to research folder on messages, with the scope that reads their files (issue 31)', () => {
    expect(manifest.features.shortcuts).toEqual(
      expect.arrayContaining([
        { name: 'Add to research folder', type: 'message', callback_id: MESSAGE_SHORTCUT_IDS.addToFolder, description: expect.any(String) },
      ]),
    );
    // files.info and url_private; a file shared in a DM arrives as message.im (subtype file_share).
    expect(manifest.oauth_config.scopes.bot).toEqual(expect.arrayContaining(['files:read', 'im:history']));
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(expect.arrayContaining(['message.im', 'app_mention']));
  });

  it('subscribes to exactly the bot events the code listens to', () => {
    // `message` in code is the manifest's message.im (and any other message.* subscription).
    const declared = [
      ...new Set(manifest.settings.event_subscriptions.bot_events.map((e) => e.replace(/^message\..*$/, 'message'))),
    ].sort();
    expect(declared).toEqual([...new Set(seen.events)].sort());
  });

  it('states the bot scopes the OAuth install asks for (src/slack-api/bot-scopes.ts), no more and no fewer', () => {
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([...BOT_SCOPES].sort());
  });

  it('asks for the canvas scope Save as canvas needs (canvases.create, canvases.edit), and not the read one it never uses (issue 32)', () => {
    expect(manifest.oauth_config.scopes.bot).toEqual(expect.arrayContaining(['canvases:write', 'chat:write']));
    expect(manifest.oauth_config.scopes.bot).not.toContain('canvases:read');
  });

  it('asks for the scopes the features need', () => {
    expect(manifest.oauth_config.scopes.bot).toEqual(
      expect.arrayContaining(['commands', 'chat:write', 'app_mentions:read', 'im:history', 'links:read', 'links:write']),
    );
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    // users.conversations for App Home: the public and private channels of the user's channel watches.
    expect(manifest.oauth_config.scopes.bot).toEqual(expect.arrayContaining(['channels:read', 'groups:read']));
  });

  it('declares the agent view with a description and the app’s English suggested prompts (at most 4)', () => {
    const view = manifest.features.agent_view;
    expect(view?.agent_description?.trim()).toBeTruthy();
    expect(view?.suggested_prompts?.length).toBeLessThanOrEqual(AGENT_VIEW_LIMITS.suggestedPrompts);
    expect(view?.suggested_prompts).toEqual(ENGLISH_PROMPTS);
    expect(manifest.features.app_home.messages_tab_enabled).toBe(true);
    // The agent view's methods and its events: prompts and titles, DMs, the Messages tab, native Stop.
    expect(manifest.oauth_config.scopes.bot).toEqual(expect.arrayContaining(['assistant:write', 'chat:write', 'im:history']));
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(['app_home_opened', 'message.im', 'agent_session_stopped']),
    );
  });
});

describe('manifest.yml: the MCP server for Slackbot (issue 32)', () => {
  it('registers one MCP server at the app’s /mcp with Slack identity auth, and asks for mcp:connect', () => {
    const servers = Object.values(manifest.mcp_servers ?? {});
    expect(servers).toHaveLength(1);
    expect(new URL(servers[0]?.url ?? '').pathname).toBe(MCP_PATH);
    expect(servers[0]?.url).toMatch(/^https:\/\//);
    expect(servers[0]?.auth_type).toBe('slack_identity_auth');
    expect(manifest.oauth_config.scopes.bot).toContain('mcp:connect');
  });
});

describe('manifest.yml: Work Objects (issue 32)', () => {
  it('turns Work Object previews on for the entity type document links unfurl to, and subscribes to their side panel', () => {
    expect(manifest.features.rich_previews).toEqual({ is_active: true, entity_types: [DOCUMENT_ENTITY_TYPE] });
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(expect.arrayContaining(['link_shared', 'entity_details_requested']));
    expect(seen.events).toEqual(expect.arrayContaining(['link_shared', 'entity_details_requested']));
    // chat.unfurl (metadata or unfurls); entity.presentDetails needs no scope.
    expect(manifest.oauth_config.scopes.bot).toEqual(expect.arrayContaining(['links:read', 'links:write']));
  });
});

describe('manifest.yml functions (Workflow Builder steps, issue 32)', () => {
  const functions = manifest.functions ?? {};

  it('declares exactly the steps the code registers, each once, run by the app', () => {
    expect(Object.keys(functions).sort()).toEqual([...seen.functions].sort());
    expect(new Set(seen.functions).size).toBe(seen.functions.length);
    expect(Object.values(WORKFLOW_STEP_IDS).sort()).toEqual([...seen.functions].sort());
    expect(manifest.settings.function_runtime).toBe('remote');
    expect(manifest.settings.event_subscriptions.bot_events).toContain('function_executed');
  });

  it('declares each step’s inputs as the step parses them: names, titles, which are required', () => {
    for (const step of WORKFLOW_STEPS) {
      const declared = functions[step.callbackId]?.input_parameters;
      expect(Object.keys(declared?.properties ?? {}).sort(), step.callbackId).toEqual(Object.keys(step.inputs).sort());
      for (const [name, field] of Object.entries(step.inputs)) {
        expect(declared?.properties[name]?.title, `${step.callbackId}.${name}`).toBe(field.title);
      }
      const required = Object.entries(step.inputs)
        .filter(([, f]) => f.required)
        .map(([name]) => name);
      expect([...(declared?.required ?? [])].sort(), step.callbackId).toEqual(required.sort());
    }
  });

  it('declares each step’s outputs as the step gives them, with Slack types and titles', () => {
    const slackTypes = /^(string|number|boolean|integer|slack#\/types\/[a-z_]+)$/;
    for (const step of WORKFLOW_STEPS) {
      const fn = functions[step.callbackId];
      expect(fn?.title.trim(), step.callbackId).toBeTruthy();
      expect(Object.keys(fn?.output_parameters.properties ?? {}).sort(), step.callbackId).toEqual([...step.outputs].sort());
      for (const p of [...Object.values(fn?.input_parameters.properties ?? {}), ...Object.values(fn?.output_parameters.properties ?? {})]) {
        expect(p.type).toMatch(slackTypes);
        expect(p.title?.trim()).toBeTruthy();
      }
    }
  });
});

describe('registered listeners', () => {
  it('answer every button id our cards use', () => {
    const unanswered = Object.values(ACTION_IDS).filter((id) => !seen.actions.some((c) => matches(c, id) && matches(c, `${id}:3`)));
    expect(unanswered).toEqual([]);
  });

  it('answer the /financials modal submission, and register each id once', () => {
    expect(seen.views).toContain(FINANCIALS_MODAL.callbackId);
    expect(seen.views).toContain(CONNECT_MODAL.callbackId);
    const ids = Object.values(ACTION_IDS);
    for (const id of ids) expect(seen.actions.filter((c) => matches(c, id)).length, id).toBe(1);
    expect(new Set(seen.commands).size).toBe(seen.commands.length);
  });
});
