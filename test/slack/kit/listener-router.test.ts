import type { App } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { createListenerRouter, UnroutableListenerError } from '../../../src/slack/kit/listener-router.js';

type Installed = { kind: string; constraint: unknown; listener: (args: { payload: unknown }) => Promise<void> };

/** Records what the router gives Bolt: the kind, its constraint and the one listener. */
function recordingApp(): { app: App; installed: Installed[]; middleware: unknown[] } {
  const installed: Installed[] = [];
  const middleware: unknown[] = [];
  const record =
    (kind: string) =>
    (constraint: unknown, listener: Installed['listener']): void =>
      void installed.push({ kind, constraint, listener });
  const app = {
    use: (m: unknown) => void middleware.push(m),
    command: record('command'),
    action: record('action'),
    shortcut: record('shortcut'),
    view: record('view'),
    event: record('event'),
  } as unknown as App;
  return { app, installed, middleware };
}

describe('listener router', () => {
  it('gives Bolt one listener per kind and hands each payload to the listener of its id only', async () => {
    const router = createListenerRouter();
    const calls: string[] = [];
    const listener = (name: string) => async () => void calls.push(name);
    const r = router.registry;
    const mw = async () => undefined;
    r.use(mw);
    r.command('/research', listener('research'));
    r.command('/concepts', listener('concepts'));
    r.action(/^rd\.search\.next(?::[^:]+)*$/, listener('next'));
    r.action('rd.cancel', listener('cancel'));
    r.shortcut({ callback_id: 'ask', type: 'message_action' }, listener('ask'));
    r.view('rd.modal', listener('modal'));
    r.event('app_mention', listener('mention'));
    r.event('message', listener('message'));
    const { app, installed, middleware } = recordingApp();
    router.install(app);

    expect(middleware).toEqual([mw]);
    expect(installed.map((i) => i.kind)).toEqual(['command', 'action', 'shortcut', 'view', 'event']);
    const send = (kind: string, payload: Record<string, unknown>) => installed.find((i) => i.kind === kind)!.listener({ payload });
    await send('command', { command: '/concepts' });
    await send('action', { action_id: 'rd.search.next:2' });
    await send('action', { action_id: 'rd.cancel' });
    await send('action', { action_id: 'rd.cancel:2' });
    await send('shortcut', { callback_id: 'ask', type: 'shortcut' });
    await send('shortcut', { callback_id: 'ask', type: 'message_action' });
    await send('view', { callback_id: 'rd.modal' });
    await send('event', { type: 'message' });
    await send('command', { command: '/unknown' });
    expect(calls).toEqual(['concepts', 'next', 'cancel', 'ask', 'modal', 'message']);
  });

  it('passes a listener error on to Bolt, which reports it', async () => {
    const router = createListenerRouter();
    router.registry.command('/research', async () => {
      throw new Error('boom');
    });
    const { app, installed } = recordingApp();
    router.install(app);
    await expect(installed[0]!.listener({ payload: { command: '/research' } })).rejects.toThrow('boom');
  });

  it('refuses at start-up a registration it would not route', () => {
    const r = createListenerRouter().registry;
    const noop = async () => undefined;
    expect(() => r.action({ block_id: 'b', action_id: 'a' }, noop)).toThrow(UnroutableListenerError);
    expect(() => r.command('/research', noop, noop)).toThrow(UnroutableListenerError);
    expect(() => r.view({ callback_id: 'm', type: 'view_closed' }, noop)).toThrow(UnroutableListenerError);
  });

  it('installs nothing for a kind without listeners', () => {
    const router = createListenerRouter();
    router.registry.event('app_home_opened', async () => undefined);
    const { app, installed } = recordingApp();
    router.install(app);
    expect(installed.map((i) => i.kind)).toEqual(['event']);
  });
});

describe('listener router: Workflow Builder steps (issue 32)', () => {
  it('gives each step to Bolt’s own app.function, acknowledged by Bolt, with the listener as registered', async () => {
    const router = createListenerRouter();
    const search = async () => undefined;
    const agent = async () => undefined;
    router.registry.function('search_research', search);
    router.registry.function('ask_research_agent', agent);
    const functions: Array<{ callbackId: string; options: unknown; listener: unknown }> = [];
    const { app } = recordingApp();
    (app as unknown as { function: unknown }).function = (callbackId: string, options: unknown, listener: unknown) =>
      void functions.push({ callbackId, options, listener });
    router.install(app);
    expect(functions).toEqual([
      { callbackId: 'search_research', options: { autoAcknowledge: true }, listener: search },
      { callbackId: 'ask_research_agent', options: { autoAcknowledge: true }, listener: agent },
    ]);
  });

  it('refuses a step registered twice, or by anything but its callback id', () => {
    const r = createListenerRouter().registry;
    const noop = async () => undefined;
    r.function('search_research', noop);
    expect(() => r.function('search_research', noop)).toThrow(UnroutableListenerError);
    expect(() => r.function(/search/ as unknown as string, noop)).toThrow(UnroutableListenerError);
    expect(() => r.function('trending_concepts', noop, noop)).toThrow(UnroutableListenerError);
  });
});
