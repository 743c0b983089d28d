/**
 * earningsCalendar against the service emulator over HTTP, through the app's workspace directory:
 * the reports are the `/financials earnings` card's rows, an empty week carries the next week with
 * reports, bad markets and weeks are OperationInputErrors that say how to fix them, one market the
 * service fails is named with the card's reason while the others are still given, and all failing
 * is the typed ServiceError.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { ServiceError } from '../../../../src/service/errors/service-error.js';
import { fetchFinancialsCard } from '../../../../src/slack/financials/financials-card.js';
import { isKindRequest, readFinancialsText } from '../../../../src/slack/financials/read-financials-text.js';
import { OperationInputError } from '../../../../src/slack/kit/operations/operation-input-error.js';
import { operationFailure } from '../../../../src/slack/kit/operations/operation-failure.js';
import { FEATURE_HOOKS } from '../../../../src/slack/register-listeners.js';
import { ALPHA, BETA, NOW_MS, rejectionOf, useOperationsWorld } from '../../kit/operations/support/operations-world.js';

const { earningsCalendar } = FEATURE_HOOKS.operations;
const w = useOperationsWorld('earnings');

interface CardRows {
  header: string[];
  rows: string[][];
  text: string;
}

/** The card `/financials <text>` makes, as the command makes it (the same reader, descriptor and renderer). */
async function card(text: string): Promise<CardRows> {
  const read = readFinancialsText(text, new Date(NOW_MS));
  if (!isKindRequest(read)) throw new Error(`not a request: ${text}`);
  const made = await fetchFinancialsCard(w.alphaService, read, { correlationId: 'card', log: createMemoryLogger((t) => t), now: NOW_MS });
  const table = made.blocks?.find((b) => b.type === 'table') as { rows: Array<Array<{ text?: string }>> } | undefined;
  const [header = [], ...rows] = (table?.rows ?? []).map((r) => r.map((c) => c.text ?? ''));
  return { header, rows, text: JSON.stringify(made.blocks) };
}

async function inputError(promise: Promise<unknown>): Promise<OperationInputError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(OperationInputError);
  return error as OperationInputError;
}

describe('the card’s data', () => {
  it.each([
    [{ markets: 'us', week: '2025-05-28' }, 'earnings us 2025-05-28'],
    [{ markets: ['hk', 'us'], week: '2025-08-06' }, 'earnings hk us 2025-08-06'],
    [{}, 'earnings'],
    [{ week: 'next' }, 'earnings next'],
  ])('%j gives the rows of /financials %s', async (input, command) => {
    const out = await earningsCalendar(w.deps, ALPHA, input);
    const shown = await card(command);
    const rows = out.reports.length > 0 ? out.reports : (out.nextWeekWithReports?.reports ?? []);
    expect(rows.map((r) => [r.timingLabel, r.company ?? r.symbol, r.symbol, r.period ?? '—'])).toEqual(
      shown.rows.map((r) => [r[1], r[2], r[3], r[4]]),
    );
    expect(out.reportCount).toBe(out.reports.length);
    expect(out.failedMarkets).toEqual([]);
  });

  it('names the week (Monday to Sunday), the markets in order, and each report’s day, timing and period', async () => {
    const out = await earningsCalendar(w.deps, ALPHA, { markets: 'US', week: '2025-05-28' });
    expect(out).toMatchObject({ startDate: '2025-05-26', endDate: '2025-06-01', markets: ['us'], reportCount: 1 });
    expect(out.reports[0]).toMatchObject({ market: 'us', symbol: 'US:AMD', timing: 'after_close', timingLabel: 'After close' });
    expect(out.reports[0]?.date).toMatch(/^2025-0(5-(2[6-9]|3[01])|6-01)$/);
    expect(out.nextWeekWithReports).toBeUndefined();
    const all = await earningsCalendar(w.deps, ALPHA, {});
    expect(all.markets).toEqual(['cn', 'hk', 'us']);
    // "this" week of the app's clock (2025-07-01, a Tuesday).
    expect(all.startDate).toBe('2025-06-30');
  });

  it('an empty week carries the next week with reports, as the card shows it', async () => {
    let empty: Awaited<ReturnType<typeof earningsCalendar>> | undefined;
    for (const week of ['this', 'next', '2025-07-14', '2025-07-21', '2025-09-01', '2025-09-08']) {
      const out = await earningsCalendar(w.deps, ALPHA, { markets: 'cn', week });
      if (out.reportCount === 0) {
        empty = out;
        const shown = await card(`earnings cn ${week}`);
        if (out.nextWeekWithReports && out.nextWeekWithReports.reports.length > 0) {
          expect(shown.text).toContain('the next are in the week of');
          expect(out.nextWeekWithReports.startDate > out.startDate).toBe(true);
        } else {
          expect(shown.text).toContain('No earnings reports are scheduled');
        }
        break;
      }
    }
    expect(empty, 'the emulator has an empty China week among those tried').toBeDefined();
    expect(empty?.nextWeekWithReports).toBeDefined();
  });
});

describe('bad input is an OperationInputError that says how to fix it', () => {
  it('an unknown market: the nearest, and every market allowed', async () => {
    const error = await inputError(earningsCalendar(w.deps, ALPHA, { markets: 'hk, uss' }));
    expect(error).toMatchObject({ code: 'not_allowed', field: 'markets', allowed: ['cn', 'hk', 'us'] });
    expect(error.message).toBe(
      'Unknown market “uss” — did you mean us? Choose from cn, hk, us (several may be given, e.g. "hk, us"), or leave it empty for all three.',
    );
    expect((await inputError(earningsCalendar(w.deps, ALPHA, { markets: ['eu'] }))).message).toMatch(/^Unknown market “eu”\. Choose from/);
    // A week word is no market.
    expect((await inputError(earningsCalendar(w.deps, ALPHA, { markets: 'next' }))).field).toBe('markets');
  });

  it('a week that is neither this, next, last nor a date; a date that does not exist', async () => {
    const error = await inputError(earningsCalendar(w.deps, ALPHA, { week: 'nxt' }));
    expect(error).toMatchObject({ code: 'bad_format', field: 'week' });
    expect(error.message).toBe(
      'Unknown week “nxt” — did you mean next? Give this, next, last, or a date in the week as YYYY-MM-DD (e.g. 2025-08-25), or leave it empty for this week.',
    );
    const date = await inputError(earningsCalendar(w.deps, ALPHA, { week: '2025-02-30' }));
    expect(date).toMatchObject({ code: 'bad_format', field: 'week' });
    expect(date.message).toMatch(/^2025-02-30 is not a real calendar date\. Give this, next, last/);
    expect((await inputError(earningsCalendar(w.deps, ALPHA, { week: 'hk' }))).field).toBe('week');
  });

  it('asks the service nothing, and is worded for a workflow or a tool by operationFailure', async () => {
    const before = w.service.requestLog.length;
    const error = await rejectionOf(earningsCalendar(w.deps, ALPHA, { markets: 'xx' }));
    expect(w.service.requestLog.length).toBe(before);
    expect(operationFailure(error, { correlationId: 'c-1' })).toMatchObject({
      code: 'input_not_allowed',
      field: 'markets',
      retryable: false,
    });
  });
});

describe('failures of the service', () => {
  it('one market the service fails is named with the card’s reason; the others are still given', async () => {
    const whole = await earningsCalendar(w.deps, ALPHA, { markets: 'hk, us', week: '2025-08-06' });
    // The second of the two calls is refused (429, no retries in this world).
    w.service.setFaults({ rateLimitEvery: 2 });
    const out = await earningsCalendar(w.deps, ALPHA, { markets: 'hk, us', week: '2025-08-06' });
    expect(out.failedMarkets).toHaveLength(1);
    const [failed] = out.failedMarkets;
    expect(failed?.reason).toBe('the service is unavailable right now');
    expect(out.markets).toEqual(['hk', 'us']);
    expect(out.reports.some((r) => r.market === failed?.market)).toBe(false);
    expect(out.reports).toEqual(whole.reports.filter((r) => r.market !== failed?.market));
  });

  it('every market failing is the typed ServiceError, worded as the command words it', async () => {
    w.service.setFaults({ errorRate: 1 });
    const error = await rejectionOf(earningsCalendar(w.deps, ALPHA, { markets: 'us' }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(operationFailure(error, { correlationId: 'c-2', action: 'the earnings calendar' })).toMatchObject({
      code: 'service_upstream',
      retryable: true,
    });
  });

  it('each workspace’s calls carry its own key', async () => {
    const from = w.service.requestLog.length;
    await earningsCalendar(w.deps, BETA, { markets: 'us', week: 'last' });
    expect(new Set(w.service.requestLog.slice(from).map((e) => e.keyIndex))).toEqual(new Set([w.keyIndexOf(BETA)]));
  });
});
