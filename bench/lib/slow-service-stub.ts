/**
 * A service stub for pool measurements, run in its own process (`tsx bench/lib/slow-service-stub.ts`):
 * every request is answered with BODY (default an empty JSON list) after LATENCY_MS. Prints its
 * port on stdout.
 */
import { createServer } from 'node:http';

const latencyMs = Number(process.env.LATENCY_MS ?? 300);
const body = process.env.BODY ?? '[]';
const server = createServer((req, res) => {
  req.resume();
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  }, latencyMs);
});
// Longer than any client's keep-alive, so the stub never closes a connection the client reuses.
server.keepAliveTimeout = 120_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
