/**
 * The command benchmark's peers, in one process of their own (never the measured one): a Slack
 * stub and a service stub, both as cheap as a Node HTTP server can be, so what the benchmark
 * measures is the app and not its peers.
 * - Slack: every Web API method answers ok (auth.test with an identity, chat.postMessage with a
 *   ts); a POST to `/response/<step>/<n>` is command n's response_url, and the first one's arrival
 *   time is kept for the orchestrator, with the bodies of a step's first three posts.
 * - Service: /v2/search and /v2/search/news answer a fixed result after BENCH_SERVICE_LATENCY_MS
 *   (300 by default); anything else is a 404, counted, so a changed app shows up in `calls`.
 * Started with child_process.fork: it says `ready` with its URLs and answers `take-arrivals`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import searchResult from './fixtures/v2-search-response.json' with { type: 'json' };
import type { Arrivals, PeersReady, PeersRequest } from './lib/command-bench-messages.js';

const serviceLatencyMs = Number(process.env.BENCH_SERVICE_LATENCY_MS ?? '300');
const SEARCH_BODY = JSON.stringify(searchResult);
const SEARCH_PATHS = new Set(['/v2/search', '/v2/search/news']);
const RESPONSE_PREFIX = '/response/';

const wallNow = (): number => performance.timeOrigin + performance.now();
const calls: Record<string, number> = {};
const count = (key: string): void => {
  calls[key] = (calls[key] ?? 0) + 1;
};
/** step → command number → first response_url post. */
const arrivals = new Map<string, Map<number, number>>();
/** How many response_url bodies of each step are kept: the texts rotate, so each search's card is among them. */
const CARDS_KEPT_PER_STEP = 3;
/** step → the first response_url bodies posted in it (checked against the floor's card, floor-card-check.ts). */
const cards = new Map<string, string[]>();
/** Steps whose bodies were handed over: none of theirs is kept again. */
const cardsTaken = new Set<string>();

function answerJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Answers once the request body is read, so keep-alive connections stay usable. */
function afterBody(req: IncomingMessage, answer: () => void): void {
  req.on('end', answer);
  req.resume();
}

function recordResponseUrlPost(path: string, at: number): void {
  const [step, n] = path.slice(RESPONSE_PREFIX.length).split('/');
  if (step === undefined || n === undefined) return;
  let ofStep = arrivals.get(step);
  if (!ofStep) {
    ofStep = new Map();
    arrivals.set(step, ofStep);
  }
  if (!ofStep.has(Number(n))) ofStep.set(Number(n), at);
}

const WEB_API_ANSWERS: Record<string, string> = {
  'auth.test': JSON.stringify({
    ok: true,
    url: 'https://bench.slack.example/',
    team: 'Bench',
    user: 'research-desk',
    team_id: 'T0BENCH',
    user_id: 'U0BENCHBOT',
    bot_id: 'B0BENCHBOT',
    is_enterprise_install: false,
  }),
  'chat.postMessage': JSON.stringify({ ok: true, channel: 'C0BENCH', ts: '1700000000.000100' }),
};
const OK = JSON.stringify({ ok: true });

const slack = createServer((req, res) => {
  const at = wallNow();
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (path.startsWith(RESPONSE_PREFIX)) {
    recordResponseUrlPost(path, at);
    count('response_url');
    const step = path.slice(RESPONSE_PREFIX.length).split('/')[0] ?? '';
    const kept = cards.get(step) ?? [];
    if (!cardsTaken.has(step) && kept.length < CARDS_KEPT_PER_STEP) {
      cards.set(step, kept);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (kept.length < CARDS_KEPT_PER_STEP) kept.push(Buffer.concat(chunks).toString('utf8'));
        answerJson(res, 200, OK);
      });
      return;
    }
    afterBody(req, () => answerJson(res, 200, OK));
    return;
  }
  if (path.startsWith('/api/')) {
    const method = path.slice('/api/'.length);
    count(method);
    afterBody(req, () => answerJson(res, 200, WEB_API_ANSWERS[method] ?? OK));
    return;
  }
  count(`slack ${path}`);
  afterBody(req, () => answerJson(res, 404, JSON.stringify({ ok: false, error: 'unknown_path' })));
});

const service = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  count(`service ${req.method} ${path}`);
  if (req.method === 'POST' && SEARCH_PATHS.has(path)) {
    // The latency runs from the request's arrival, as a real service's would.
    const due = setTimeout(() => answerJson(res, 200, SEARCH_BODY), serviceLatencyMs);
    // A response's close before it was answered means the client went away.
    res.on('close', () => clearTimeout(due));
    req.resume();
    return;
  }
  afterBody(req, () => answerJson(res, 404, JSON.stringify({ error: { code: 'not_found', message: `${path} is not stubbed` } })));
});

async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  // Slack and the service keep connections alive longer than Node's default 5 s.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

process.on('message', (message: PeersRequest) => {
  if (message.type !== 'take-arrivals') return;
  const ofStep = arrivals.get(message.step) ?? new Map<number, number>();
  arrivals.delete(message.step);
  const posted = cards.get(message.step) ?? [];
  cards.delete(message.step);
  cardsTaken.add(message.step);
  const answer: Arrivals = {
    type: 'arrivals',
    step: message.step,
    arrivals: [...ofStep],
    cards: posted,
    calls: { ...calls },
  };
  process.send?.(answer);
});
process.on('disconnect', () => process.exit(0));

const ready: PeersReady = { type: 'ready', slackUrl: await listen(slack), serviceUrl: await listen(service) };
process.send?.(ready);
