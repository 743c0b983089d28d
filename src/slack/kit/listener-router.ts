/**
 * Routes every request to its listener through one Bolt listener per kind of payload.
 *
 * Bolt runs the middleware chain of *every* registered listener for every request
 * (App.processEvent maps over all of them, each a copied array of async matchers), so with one
 * Bolt listener per id, some thirty chains ran for each slash command: the largest share of
 * Bolt's CPU per command in a profile under load (bench/commands.bench.ts --cpu-prof). Here the
 * listeners register on the router with Bolt's own call shapes; `install` then gives Bolt one
 * listener per kind (commands, actions, shortcuts, views, events), which finds the listener by
 * id. Each id is registered once (test/manifest.test.ts), so one listener answers a request, as
 * before; a payload that no listener takes is left unacknowledged, as Bolt leaves it.
 * @see https://github.com/slackapi/bolt-js/blob/main/src/App.ts (processEvent)
 */
import type { AnyMiddlewareArgs, App, Middleware } from '@slack/bolt';

/** The part of Bolt's App that listeners register on. */
export type ListenerRegistry = Pick<App, 'use' | 'command' | 'action' | 'shortcut' | 'view' | 'event' | 'function'>;

/** What the router reads of Bolt's listener arguments; the listener gets them all. */
interface RoutedArgs {
  payload: unknown;
}
type Listener = (args: RoutedArgs) => Promise<void> | void;
type IdMatch = string | RegExp;

interface Route {
  id: IdMatch;
  /** Shortcuts only: `shortcut` or `message_action`, when the registration names one. */
  type?: string;
  listener: Listener;
}

/** Thrown at start-up for a registration form the router does not route (a programming error). */
export class UnroutableListenerError extends Error {
  override readonly name = 'UnroutableListenerError';
}

const matches = (id: IdMatch, value: unknown): boolean =>
  typeof value === 'string' && (typeof id === 'string' ? id === value : id.test(value));

function routeOf(kind: string, constraint: unknown, listeners: unknown[], idKey: string): Route {
  const [listener] = listeners;
  if (listeners.length !== 1 || typeof listener !== 'function') {
    throw new UnroutableListenerError(`${kind} listeners register exactly one function`);
  }
  if (typeof constraint === 'string' || constraint instanceof RegExp) return { id: constraint, listener: listener as Listener };
  const { [idKey]: id, type, ...rest } = (constraint ?? {}) as Record<string, unknown>;
  if (
    (typeof id !== 'string' && !(id instanceof RegExp)) ||
    Object.keys(rest).length > 0 ||
    (type !== undefined && typeof type !== 'string')
  ) {
    throw new UnroutableListenerError(`${kind} listeners register by ${idKey} (and type) only`);
  }
  return { id, ...(type ? { type } : {}), listener: listener as Listener };
}

export interface ListenerRouter {
  registry: ListenerRegistry;
  /** Adds the router's middleware and its one listener per kind to the app. */
  install(app: App): void;
}

export function createListenerRouter(): ListenerRouter {
  const middleware: Middleware<AnyMiddlewareArgs>[] = [];
  const routes = { command: [] as Route[], action: [] as Route[], shortcut: [] as Route[], view: [] as Route[], event: [] as Route[] };
  // Workflow Builder steps: a handful, each given to Bolt's own app.function (see install).
  const functions = new Map<string, Listener>();

  const registry = {
    use: (m: Middleware<AnyMiddlewareArgs>) => void middleware.push(m),
    command: (name: unknown, ...listeners: unknown[]) => void routes.command.push(routeOf('command', name, listeners, 'command')),
    action: (c: unknown, ...listeners: unknown[]) => void routes.action.push(routeOf('action', c, listeners, 'action_id')),
    shortcut: (c: unknown, ...listeners: unknown[]) => void routes.shortcut.push(routeOf('shortcut', c, listeners, 'callback_id')),
    view: (c: unknown, ...listeners: unknown[]) => {
      const { type, ...route } = routeOf('view', c, listeners, 'callback_id');
      // The one view listener below takes submissions (Bolt's default for a bare callback id).
      if (type !== undefined && type !== 'view_submission')
        throw new UnroutableListenerError(`view listeners of type ${type} are not routed`);
      routes.view.push(route);
    },
    event: (type: unknown, ...listeners: unknown[]) => void routes.event.push(routeOf('event', type, listeners, 'type')),
    function: (callbackId: unknown, ...listeners: unknown[]) => {
      const { id, listener } = routeOf('function', callbackId, listeners, 'callback_id');
      if (typeof id !== 'string' || functions.has(id))
        throw new UnroutableListenerError('function listeners register once each, by a callback id string');
      functions.set(id, listener);
    },
  } as unknown as ListenerRegistry;

  /** One Bolt listener that hands the request to the routes whose id (and type) match. */
  const dispatch =
    (list: Route[], idOf: (args: RoutedArgs) => unknown, typeOf?: (args: RoutedArgs) => unknown) =>
    async (args: RoutedArgs): Promise<void> => {
      const id = idOf(args);
      const type = typeOf?.(args);
      const chosen = list.filter((r) => matches(r.id, id) && (r.type === undefined || r.type === type));
      await Promise.all(chosen.map((r) => r.listener(args)));
    };
  const field = (key: string) => (args: RoutedArgs) => (args.payload as Record<string, unknown> | undefined)?.[key];
  const everything = /(?:)/;

  return {
    registry,
    install(app) {
      for (const m of middleware) app.use(m);
      if (routes.command.length > 0) app.command(everything, dispatch(routes.command, field('command')));
      if (routes.action.length > 0) app.action(everything, dispatch(routes.action, field('action_id')));
      if (routes.shortcut.length > 0) app.shortcut(everything, dispatch(routes.shortcut, field('callback_id'), field('type')));
      if (routes.view.length > 0) {
        app.view({ callback_id: everything, type: 'view_submission' }, dispatch(routes.view, field('callback_id')));
      }
      if (routes.event.length > 0) app.event(everything, dispatch(routes.event, field('type')));
      // Bolt's CustomFunction matches the callback id, acks the event, and gives the listener
      // complete/fail and a client with the execution's own token (context.functionBotAccessToken).
      // @see https://docs.slack.dev/tools/bolt-js/concepts/custom-steps
      for (const [callbackId, listener] of functions) {
        app.function(callbackId, { autoAcknowledge: true }, listener as unknown as Parameters<App['function']>[1]);
      }
    },
  };
}
