/**
 * A real Bolt app (not ours) against the Slack emulator, for the compatibility tests: built for
 * HTTP (signed requests) or Socket Mode, quiet, its Web API calls going to the emulator.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, LogLevel } from '@slack/bolt';
import type { SlackEmulator } from '../../../src/emulators/slack/index.js';

export type BoltMode = 'http' | 'socket';

/** A Bolt logger that says nothing. */
export const quietLogger = { debug() {}, info() {}, warn() {}, error() {}, setLevel() {}, getLevel: () => LogLevel.ERROR, setName() {} };

/** A Bolt app with the emulator's default tokens and signing secret; add listeners, then startBoltApp. */
export function newBoltApp(emu: SlackEmulator, mode: BoltMode): App {
  return new App({
    token: 'xoxb-emulator-bot-token',
    logger: quietLogger,
    clientOptions: { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } },
    ...(mode === 'http'
      ? { signingSecret: 'emulator-signing-secret' }
      : {
          socketMode: true,
          appToken: 'xapp-emulator-app-token',
          installerOptions: { clientOptions: { slackApiUrl: emu.apiUrl } } as never,
        }),
  });
}

/** Starts the app: over HTTP on a free port the emulator then delivers to; in Socket Mode, connected. */
export async function startBoltApp(app: App, emu: SlackEmulator, mode: BoltMode): Promise<void> {
  if (mode === 'http') {
    const server = (await app.start(0, { host: '127.0.0.1' } as never)) as unknown as Server;
    emu.setRequestUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`);
  } else await app.start();
}
