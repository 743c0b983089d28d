/**
 * searchResearch against the service emulator over HTTP, through the app's workspace directory:
 * the documents are those of the `/research` card for the same words and filters, every kind of bad
 * input is an OperationInputError that says how to fix it, a service failure is its typed
 * ServiceError, uploaded files never come back, and each workspace's call carries its own key.
 */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src/service/errors/service-error.js';
import { fetchSearchCard } from '../../../../src/slack/research/fetch-search-card.js';
import { parseResearchArgs } from '../../../../src/slack/research/parse-research-args.js';
import { FEATURE_HOOKS } from '../../../../src/slack/register-listeners.js';
import { OperationInputError } from '../../../../src/slack/kit/operations/operation-input-error.js';
import { operationFailure } from '../../../../src/slack/kit/operations/operation-failure.js';
import type { SearchResearchInput } from '../../../../src/slack/kit/operations/search-research-types.js';
import { ALPHA, BETA, NOW_MS, rejectionOf, useOperationsWorld } from '../../kit/operations/support/operations-world.js';

const { searchResearch } = FEATURE_HOOKS.operations;
const w = useOperationsWorld('research');

/** The card `/research <text>` makes (the command's parser and fetch), as JSON text. */
async function cardOf(text: string): Promise<string> {
  const args = parseResearchArgs(text, new Date(NOW_MS));
  if (args.kind !== 'search') throw new Error(`not a search: ${text}`);
  const state = args.api === 'v2' ? { k: 'v2' as const, r: args.request, p: 1 } : { k: 'v1' as const, r: args.request, p: 1 };
  return JSON.stringify(await fetchSearchCard(w.alphaService, state, { visibility: 'ephemeral', correlationId: 'card' }));
}

const pathsSince = (from: number): string[] => w.service.requestLog.slice(from).map((e) => e.path);

async function inputError(input: SearchResearchInput): Promise<OperationInputError> {
  const error = await rejectionOf(searchResearch(w.deps, ALPHA, input));
  expect(error).toBeInstanceOf(OperationInputError);
  return error as OperationInputError;
}

describe('good input', () => {
  it.each([
    [{ query: 'battery supply chain' }, 'battery supply chain', '/v2/search'],
    [
      { query: 'NVDA', categories: 'reports, news', markets: ['us'], since: '2025-01-01' },
      'NVDA type:reports,news market:us since:2025-01-01',
      '/v1/search',
    ],
    [{ query: '$NVDA', until: '2025-06-01' }, '$NVDA until:2025-06-01', '/v2/search'],
  ] as Array<[SearchResearchInput, string, string]>)('%j finds what /research %s shows, in its order', async (input, command, path) => {
    const from = w.service.requestLog.length;
    const out = await searchResearch(w.deps, ALPHA, input);
    expect(pathsSince(from)).toEqual([path]);
    const card = await cardOf(command);
    expect(out.documents.length).toBeGreaterThan(0);
    expect(out.documents.length).toBeLessThanOrEqual(5);
    const places = out.documents.map((d) => card.indexOf(d.url ?? 'no url'));
    expect(places.every((p) => p >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(out.firstDocumentUrl).toBe(out.documents[0]?.url);
    expect(out.totalCount).toBeGreaterThanOrEqual(out.documents.length);
  });

  it('gives each document’s title, link, company, type, date and a short summary', async () => {
    const out = await searchResearch(w.deps, ALPHA, { query: 'NVDA', categories: ['news'], limit: 2 });
    expect(out.documents).toHaveLength(2);
    for (const doc of out.documents) {
      expect(doc).toMatchObject({ category: 'news' });
      expect(doc.title).toBeTruthy();
      expect(doc.url).toMatch(/^https:\/\//);
      expect(doc.company).toMatch(/\(US:NVDA\)$/);
      expect(doc.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((doc.summary ?? '').length).toBeLessThanOrEqual(300);
    }
  });

  it('leaves out the workspace’s own uploaded files (who may read them depends on a Slack user)', async () => {
    const all = await searchResearch(w.deps, ALPHA, { query: 'battery supply chain' });
    const uploaded = all.documents[0];
    if (!uploaded) throw new Error('no documents');
    await w.deps.stores.documents.save({
      teamId: ALPHA.teamId,
      folderId: 'fld_private',
      docId: uploaded.id,
      slackFileId: 'F0PRIVATE',
      fileName: 'private.pdf',
      title: uploaded.title,
      fileType: 'pdf',
      sizeBytes: 1,
      addedBy: 'U0SOMEONE',
      addedAtMs: NOW_MS,
      status: 'searchable',
      notice: { channelId: 'C0NOTICE' },
    });
    const after = await searchResearch(w.deps, ALPHA, { query: 'battery supply chain' });
    expect(after.documents.map((d) => d.id)).not.toContain(uploaded.id);
    // Another workspace's records are its own: Beta still sees the document.
    expect((await searchResearch(w.deps, BETA, { query: 'battery supply chain' })).documents.map((d) => d.id)).toContain(uploaded.id);
  });
});

describe('bad input is an OperationInputError that says how to fix it', () => {
  it('no search words', async () => {
    expect(await inputError({ query: '   ' })).toMatchObject({
      code: 'missing',
      field: 'query',
      message: 'Give words to search for, e.g. battery supply chain.',
    });
    expect(await inputError({ query: 'type:news' })).toMatchObject({ code: 'missing', field: 'query' });
  });

  it('an unknown document type or market: the valid ones', async () => {
    expect(await inputError({ query: 'battery', categories: 'reprots' })).toMatchObject({
      code: 'not_allowed',
      field: 'categories',
      allowed: ['news', 'reports', 'filings', 'transcripts', 'financials', 'socials'],
    });
    const market = await inputError({ query: 'battery', markets: ['cn', 'jp'] });
    expect(market).toMatchObject({ code: 'not_allowed', field: 'markets', allowed: ['cn', 'hk', 'us'] });
    expect(market.message).toBe('jp is not a market; choose from cn, hk, us.');
    expect(await inputError({ query: 'battery', categories: ['files'] })).toMatchObject({ code: 'not_allowed', field: 'categories' });
  });

  it('a date in the wrong form, or an end before the start: the expected form', async () => {
    expect(await inputError({ query: 'battery', since: '01/02/2025' })).toMatchObject({
      code: 'bad_format',
      field: 'since',
      message: '01/02/2025 is not a date; write YYYY-MM-DD, e.g. 2024-06-30.',
    });
    expect(await inputError({ query: 'battery', until: '2025-02-30' })).toMatchObject({
      field: 'until',
      message: '2025-02-30 is not a real calendar date. Write the date as YYYY-MM-DD, e.g. 2024-06-30.',
    });
    expect(await inputError({ query: 'battery', since: '2025-06-01', until: '2025-01-01' })).toMatchObject({
      field: 'until',
      message: 'The end date 2025-01-01 is before the start date 2025-06-01.',
    });
  });

  it('a limit out of range', async () => {
    expect(await inputError({ query: 'battery', limit: 0 })).toMatchObject({
      code: 'out_of_range',
      field: 'limit',
      message: 'limit must be a whole number from 1 to 20 (leave it empty for 5).',
    });
  });

  it('what the query says that only the slash command can do', async () => {
    expect((await inputError({ query: 'battery in:fld_1' })).message).toMatch(/Research folders cannot be searched here/);
    expect(await inputError({ query: 'battery tyep:news' })).toMatchObject({
      code: 'bad_format',
      field: 'query',
      message: 'Unknown filter tyep: — did you mean type:? To search for it literally, put it in quotes.',
    });
  });
});

describe('failures of the service', () => {
  it('a rate limit is its typed ServiceError, with the wait the service asked for', async () => {
    w.service.setFaults({ rateLimitEvery: 1, retryAfterSeconds: 7 });
    const error = await rejectionOf(searchResearch(w.deps, ALPHA, { query: 'battery' }));
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('rate_limited');
    expect(operationFailure(error, { correlationId: 'c-1', action: 'the search' })).toEqual({
      code: 'service_rate_limited',
      message: 'The research service is busy (rate limited) for the search. Try again in about 7 s.',
      retryable: true,
      retryAfterMs: 7000,
    });
  });
});

describe('one workspace, its own service client', () => {
  it('each workspace’s search carries its own key', async () => {
    for (const ref of [ALPHA, BETA]) {
      const from = w.service.requestLog.length;
      await searchResearch(w.deps, ref, { query: 'battery supply chain', markets: 'cn' });
      expect(new Set(w.service.requestLog.slice(from).map((e) => e.keyIndex))).toEqual(new Set([w.keyIndexOf(ref)]));
    }
  });
});
