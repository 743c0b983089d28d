/**
 * Every route the app registers, read from its own registry: the slices register on a recording
 * stand-in for the listener router (as test/manifest.test.ts does), so a new command, button,
 * modal or shortcut shows up here without anyone listing it. Routes are named
 * `<kind>:<id>`: `action:rd.watch.remove`, `view:rd.connect.modal`, `command:/research`.
 */
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import type { ListenerDeps } from '../../../src/slack/kit/listener-deps.js';
import type { ListenerRegistry } from '../../../src/slack/kit/listener-router.js';
import { registerListeners } from '../../../src/slack/register-listeners.js';

/** The id a registration names: a string, a pattern's base id, or a constraint object's id. */
function idOf(constraint: unknown, key: string): string {
  const raw =
    typeof constraint === 'object' && constraint !== null && !(constraint instanceof RegExp)
      ? (constraint as Record<string, unknown>)[key]
      : constraint;
  if (raw instanceof RegExp) {
    // actionIdPattern and replayActionPattern: ^base(suffix)$ with the dots escaped.
    return raw.source.replace(/^\^/, '').replace(/\(.*$/, '').replace(/\$$/, '').replaceAll('\\.', '.');
  }
  return String(raw);
}

/** Every registered route, sorted; events included (`event:link_shared`). */
export function registeredRoutes(): string[] {
  const routes: string[] = [];
  const methods: Record<string, (first: unknown) => void> = {
    command: (c) => routes.push(`command:${idOf(c, 'command')}`),
    action: (c) => routes.push(`action:${idOf(c, 'action_id')}`),
    view: (c) => routes.push(`view:${idOf(c, 'callback_id')}`),
    shortcut: (c) => routes.push(`shortcut:${idOf(c, 'callback_id')}`),
    // Workflow Builder steps (Bolt's app.function): `function:<callback_id>`.
    function: (c) => routes.push(`function:${idOf(c, 'callback_id')}`),
    event: (c) => routes.push(`event:${idOf(c, 'type')}`),
    use: () => undefined,
  };
  const app = new Proxy(
    {},
    {
      get(_target, prop) {
        const method = methods[String(prop)];
        if (!method) throw new Error(`listeners call app.${String(prop)}, which the route census does not know: add it here`);
        return (...args: unknown[]) => method(args[0]);
      },
    },
  ) as unknown as ListenerRegistry;
  // Registration reads nothing of the dependencies but the logger (test/manifest.test.ts relies on the same).
  registerListeners(app, { logger: createMemoryLogger(createRedactor([])) } as unknown as ListenerDeps);
  return [...new Set(routes)].sort();
}

/**
 * Routes that take no id a person could swap for another tenant's, each with why. A route here
 * needs no row in the fence table; a new route in neither fails the census test.
 */
export const ROUTES_WITHOUT_IDS: Record<string, string> = {
  'command:/financials': 'takes symbols, statements and periods: public market data, no object of a workspace',
  'action:rd.card.canvas':
    'carries /financials text only (public market data; any other command is refused) and saves it in the clicker’s own channel, under the clicker’s workspace',
  'action:rd.search.summary': 'a document id of the research service’s shared corpus, read with the clicker’s own service key',
  'action:rd.search.passages': 'a document id of the shared corpus and the query, read with the clicker’s own key',
  'action:rd.search.ask': 'a document id of the shared corpus; the run starts in the clicker’s own channel and workspace',
  'action:rd.search.open': 'a link button: acked, nothing else',
  'action:rd.entity.ask':
    'a document id (Ask the agent on a Work Object): passes the fence of uploaded files for the clicker, the run starts in the clicker’s own workspace (test/e2e/work-objects-fence.test.ts)',
  'action:rd.concept.expand': 'a concept id of the service’s public trending list, read with the clicker’s own key',
  'action:rd.home.refresh': 'no value: publishes the clicker’s own Home tab',
  'action:rd.home.connect': 'no id: opens the connect form for the clicker’s own workspace (the submission is a row)',
  'action:rd.home.financials': 'no id: opens the /financials form',
  'action:rd.doc.add':
    'opens the add form with the file names the click carries and reads nothing; the files are checked at submission (the rd.doc.add.modal row)',
  'action:rd.home.mcp_token.create':
    'no id: opens the token form for the clicker’s own workspace, admins only (the submission is checked again)',
  'view:rd.mcp_token.modal':
    'a label only: the token is made for the submitter’s own workspace (Slack’s team of the submission), admins only',
  'function:search_research':
    'a Workflow Builder step: Slack runs it in the installation whose workflow called it; the query is read with that workspace’s own key',
  'function:company_financials':
    'a Workflow Builder step: symbols and statements, public market data read with the workflow’s own workspace key',
  'function:trending_concepts': 'a Workflow Builder step: the service’s public trending list, read with the workflow’s own workspace key',
  'function:earnings_calendar':
    'a Workflow Builder step: markets and a week, the public earnings calendar read with the workflow’s own workspace key',
  'function:ask_research_agent':
    'a Workflow Builder step: the run starts in a channel of the workflow’s own workspace (Slack checks the picker), keyed by that team (test/e2e/workflow-steps.test.ts)',
  'event:app_home_opened': 'Slack names the user and team; the app publishes that user’s Home tab only',
  'event:app_mention': 'Slack names the channel, team and message; the run is keyed by them',
  'event:message': 'Slack names the channel, team and message (DMs, thread replies)',
  'event:agent_session_stopped': 'Slack names the channel and thread; the run is looked up by the event’s own team',
  'event:link_shared': 'Slack names the channel and the links; documents of the shared corpus are unfurled',
  'event:entity_details_requested':
    'Slack names the user, team and entity: the document is read with that workspace’s key and passes the fence of uploaded files for that user (test/e2e/work-objects-fence.test.ts)',
  'event:message_metadata_posted': 'only our own bot’s messages’ metadata is read (its app id), pushed by Slack to the installation',
  'event:app_uninstalled': 'Slack sends it to the installation being removed; its team or org comes from Slack',
  'event:tokens_revoked': 'Slack sends it to the installation whose tokens were revoked',
};
