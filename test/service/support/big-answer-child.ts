/**
 * Run as a child process by body-cap.integration.test.ts: calls the service at argv[2] with the
 * real client, once on a small path (to warm up), then on the path that answers with a huge body,
 * and prints one JSON line: the error's kind and message and the process's memory before and after.
 * Its own process, so the memory measured is the client's alone, not vitest's.
 */
import { createResearchClient } from '../../../src/service/research-client.js';
import { noRetryPolicy } from '../../../src/service/retry-policy.js';

const baseUrl = process.argv[2] ?? '';
const client = createResearchClient({ baseUrl, apiKey: 'child-key', retry: noRetryPolicy, timeoutMs: 60_000 });
const memory = () => ({ rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 });

await client.latestConcepts({ includeDocs: false }).catch(() => undefined);
const before = memory();
const outcome = await client.searchV2({ query: 'huge', num: 5 }).then(
  () => ({ kind: 'none', message: 'resolved' }),
  (error: { kind?: string; message?: string }) => ({ kind: error.kind ?? 'unknown', message: error.message ?? String(error) }),
);
const after = memory();
await client.close();
process.stdout.write(`${JSON.stringify({ ...outcome, before, after })}\n`);
