/**
 * An OTLP/HTTP receiver stub: a real node:http server on 127.0.0.1 that takes what an exporter
 * posts, JSON-encoded (OTEL_EXPORTER_OTLP_PROTOCOL=http/json), and keeps the spans flat. Any
 * other path (metrics, logs) is kept too, so a test can see nothing else was sent.
 * @see https://opentelemetry.io/docs/specs/otlp/#otlphttp
 */
import { createServer, type Server } from 'node:http';

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  status: { code?: number };
  attributes: Record<string, string | number | boolean | undefined>;
  resource: Record<string, string | number | boolean | undefined>;
}

export interface OtlpReceiver {
  /** The base URL to give OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans(): ReceivedSpan[];
  /** Every request as `METHOD path content-type`. */
  requests(): string[];
  /** The raw bodies, for a test that looks for what must never be exported. */
  bodies(): string[];
  close(): Promise<void>;
}

/** `status`: what every export is answered with (default 200; 400 is a refusal the exporter does not retry). */
export async function startOtlpReceiver(options: { status?: number } = {}): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: string[] = [];
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push(`${req.method} ${req.url} ${req.headers['content-type'] ?? ''}`);
      bodies.push(body);
      if (req.method === 'POST' && req.url === '/v1/traces') spans.push(...flatSpans(JSON.parse(body)));
      res.writeHead(options.status ?? 200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    spans: () => [...spans],
    requests: () => [...requests],
    bodies: () => [...bodies],
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        status?: { code?: number };
        attributes?: KeyValue[];
      }>;
    }>;
  }>;
}

function flatSpans(request: ExportRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((rs) => {
    const resource = attributesOf(rs.resource?.attributes);
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId || undefined,
        name: s.name,
        kind: s.kind,
        status: s.status ?? {},
        attributes: attributesOf(s.attributes),
        resource,
      })),
    );
  });
}

function attributesOf(list: KeyValue[] | undefined): ReceivedSpan['attributes'] {
  return Object.fromEntries(
    (list ?? []).map(({ key, value }) => [
      key,
      value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined) ?? value.boolValue ?? value.doubleValue,
    ]),
  );
}
