import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SlackEmulator } from './slack-emulator.js';

/**
 * A group of playground routes (`/api/<path>`, PLAYGROUND-API.md), handed the request once
 * playground-api.ts matched its prefix: `path` is without `/api/` and trailing slashes.
 */
export type PlaygroundRoutes = (req: IncomingMessage, res: ServerResponse, path: string, url: URL, emu: SlackEmulator) => Promise<void>;
