/**
 * Controls of the emulator itself, not of the real service: `POST /_emulator/documents`
 * publishes a new document (as the real service's feed does over time), so the playground and
 * scripted demos can make watchlist alerts happen. It takes the same API key as every route.
 * Body: { symbol?: "<MARKET>:<code>", keyword?: string, category?: string, title?: string }.
 */
import { publishDocument, type PublishDocumentInput } from '../data/publish-document.js';
import type { DemoCategory } from '../data/document-text.js';
import { ok, route, type EmulatorState, type Route, type RouteContext } from '../routing.js';
import { FieldReader } from '../validation.js';

const CATEGORIES: readonly DemoCategory[] = ['financials', 'transcripts', 'reports', 'filings', 'news', 'socials'];

/** Publishes and returns the document's id, title and publication time (ms). */
export function publishFromControl(
  state: EmulatorState,
  input: PublishDocumentInput,
): { id: string; title: string; publishedAtMs: number } {
  state.publishedSeq += 1;
  const doc = publishDocument(state.dataset, state.links, state.publishedSeq, state.clock(), input);
  return { id: doc.id, title: doc.title, publishedAtMs: doc.publishedAtMs };
}

function publish(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const symbol = r.symbol('symbol');
  const keyword = r.string('keyword', { minLength: 1 });
  const category = r.string('category', { enum: CATEGORIES }) as DemoCategory | undefined;
  const title = r.string('title', { minLength: 1 });
  if (symbol && !ctx.state.dataset.companies.some((c) => c.symbol === symbol))
    r.issue(['symbol'], 'Value error, not a company of the demo data', 'value_error', symbol);
  if (!symbol && !keyword) r.issue(['keyword'], 'Field required (give a symbol or a keyword)', 'missing', ctx.body);
  r.done();
  const doc = publishFromControl(ctx.state, {
    ...(symbol ? { symbol } : {}),
    ...(keyword ? { keyword } : {}),
    ...(category ? { category } : {}),
    ...(title ? { title } : {}),
  });
  return ok({ doc_id: doc.id, title: doc.title, published_at: doc.publishedAtMs });
}

export function emulatorControlRoutes(): Route[] {
  return [route('POST', '/_emulator/documents', publish)];
}
