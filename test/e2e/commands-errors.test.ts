/**
 * Every failure leaves the user a message and a log line with its correlation id: a 422 names
 * the input, a 401 says to ask an admin (one clear log line), 5xx / timeouts / 429 say the
 * service is unavailable with a Retry that really retries (commands and buttons alike). A user's
 * mistake is said as one, naming what they typed with the symbols the service knows, and
 * without a reference code (issue 29).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { startHarness, type Harness } from './harness.js';
import {
  allText,
  button,
  buttonsOf,
  clickEphemeral,
  clickMessage,
  command,
  linesWith,
  nextChannelMessage,
  nextEphemeral,
  nextThreadReply,
  referenceOf,
  rejectedResponses,
  rejectedSlackCalls,
  send,
  waitForEphemeral,
} from './command-helpers.js';

const hasRetry = (m: { blocks?: unknown[] }): boolean => buttonsOf(m).some((b) => b.action_id === ACTION_IDS.errorRetry);

describe('failures of the research service', () => {
  let h: Harness;
  beforeAll(async () => {
    // A client timeout shorter than the default keeps the timeout test short; the service's
    // delay in that test is far beyond it, so which one wins never depends on the machine's speed.
    h = await startHarness({ deliveryMode: 'http', serviceTimeoutMs: 2_000 });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  it('422: names the refused input in the command’s words, without a Retry', async () => {
    // The legacy variant has no `socials` category: the parser accepts it, the service does not.
    h.service.setVariant('legacy');
    try {
      const card = await command(h, '/research battery type:socials');
      expect(allText(card)).toContain('did not accept the input');
      expect(allText(card)).toContain('document type (type:)');
      expect(hasRetry(card)).toBe(false);
      expect(
        linesWith(h, referenceOf(card)).some((l) => l.includes('research service refused the input') && l.includes('categories')),
      ).toBe(true);
    } finally {
      h.service.setVariant('latest');
    }
  });

  it('5xx: says the service is unavailable; Retry runs the command again in place of the error', async () => {
    h.service.setFaults({ errorRate: 1 });
    const error = await command(h, '/research NVIDIA');
    h.service.setFaults({});
    expect(allText(error)).toContain('unavailable right now');
    expect(hasRetry(error)).toBe(true);
    expect(
      linesWith(h, referenceOf(error)).some((l) => l.includes('research service unavailable') && l.includes('"kind":"upstream"')),
    ).toBe(true);

    await clickEphemeral(h, error, button(error, ACTION_IDS.errorRetry));
    const retried = await waitForEphemeral(h, error.ts, (e) => e.edits === 1);
    expect(allText(retried)).toContain('Research for “NVIDIA”');
  });

  it('timeout: says the service did not answer in time; Retry works for /financials too', async () => {
    h.service.setFaults({ latencyMs: 10 * 60_000 });
    const error = await command(h, '/financials SPX');
    h.service.setFaults({});
    expect(allText(error)).toContain('did not answer in time');
    expect(linesWith(h, referenceOf(error)).some((l) => l.includes('"kind":"timeout"'))).toBe(true);
    await clickEphemeral(h, error, button(error, ACTION_IDS.errorRetry));
    const retried = await waitForEphemeral(h, error.ts, (e) => e.edits === 1);
    expect(allText(retried)).toContain('(SPX)');
  });

  it('429: says the service is busy, with a Retry', async () => {
    h.service.setFaults({ rateLimitEvery: 1, retryAfterSeconds: 60 });
    const error = await command(h, '/concepts');
    h.service.setFaults({});
    expect(allText(error)).toContain('busy (rate limited)');
    expect(hasRetry(error)).toBe(true);
    await clickEphemeral(h, error, button(error, ACTION_IDS.errorRetry));
    expect(allText(await waitForEphemeral(h, error.ts, (e) => e.edits === 1))).toContain('Trending concepts');
  });

  it('a failed button offers Retry; the retried answer goes to the card’s thread and the error card goes away', async () => {
    const card = await nextChannelMessage(h, () => send(h, '/research NVIDIA data center --public'));
    h.service.setFaults({ errorRate: 1 });
    const error = await nextEphemeral(h, () => clickMessage(h, card, button(card, ACTION_IDS.searchSummary)));
    h.service.setFaults({});
    expect(allText(error)).toContain('unavailable right now for the summary');
    const reply = await nextThreadReply(h, card.ts, () => clickEphemeral(h, error, button(error, ACTION_IDS.errorRetry)));
    expect(allText(reply)).toContain('Summary:');
    await h.slack.waitFor(() => !h.slack.ephemeralFor(h.slack.defaultUserId, h.slack.defaultChannelId).some((e) => e.ts === error.ts));
  });

  it('Retry of a --public command posts in the channel and removes the error card', async () => {
    h.service.setFaults({ errorRate: 1 });
    const error = await command(h, '/research Tencent --public');
    h.service.setFaults({});
    const posted = await nextChannelMessage(h, () => clickEphemeral(h, error, button(error, ACTION_IDS.errorRetry)));
    expect(allText(posted)).toContain('Research for “Tencent”');
    await h.slack.waitFor(() => !h.slack.ephemeralFor(h.slack.defaultUserId, h.slack.defaultChannelId).some((e) => e.ts === error.ts));
  });

  it('a failed page turn offers Retry, which shows the page', async () => {
    const card = await command(h, '/research NVIDIA');
    h.service.setFaults({ errorRate: 1 });
    const error = await nextEphemeral(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.searchNext)));
    h.service.setFaults({});
    expect(allText(error)).toContain('for the next page');
    await clickEphemeral(h, error, button(error, ACTION_IDS.errorRetry));
    expect(allText(await waitForEphemeral(h, error.ts, (e) => e.edits === 1))).toContain('6–10 of');
  });

  it('a not-found document says so and logs it with the correlation id', async () => {
    const card = await command(h, '/research NVIDIA data center');
    const summary = button(card, ACTION_IDS.searchSummary);
    const missing = await nextEphemeral(h, () =>
      clickEphemeral(h, card, { ...summary, value: JSON.stringify({ d: 'doc_does_not_exist' }) }),
    );
    expect(allText(missing)).toContain('Not found for the summary');
    expect(linesWith(h, referenceOf(missing)).some((l) => l.includes('"kind":"not_found"'))).toBe(true);
  });

  it('an undecodable button value gets a message, never silence', async () => {
    const card = await command(h, '/research NVIDIA');
    const next = button(card, ACTION_IDS.searchNext);
    const expired = await nextEphemeral(h, () => clickEphemeral(h, card, { ...next, value: 'not json' }));
    expect(allText(expired)).toContain('This button no longer works');
  });
});

describe('a service that rejects the app’s key', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http', serviceApiKey: 'e2e-wrong-service-key-000000' });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    await h?.close();
  });

  it('401: tells the user to ask an admin, with one clear error log line and no Retry', async () => {
    const card = await command(h, '/research NVIDIA');
    expect(allText(card)).toContain("rejected this app's API key");
    expect(allText(card)).toContain('ask a workspace admin');
    expect(hasRetry(card)).toBe(false);
    const lines = linesWith(h, referenceOf(card)).filter((l) => l.includes('"level":"error"'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('research service rejected the API key');
    expect(h.logs.join('\n')).not.toContain('e2e-wrong-service-key-000000');
  });

  it('401 on every part of a snapshot gives the same answer, not a partial card', async () => {
    const card = await command(h, '/financials US:NVDA');
    expect(allText(card)).toContain("rejected this app's API key");
    expect(allText(card)).not.toContain('Snapshot');
  });
});

describe('errors that teach (over the service emulator)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http' });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  const hasReference = (m: { blocks?: unknown[] }): boolean => JSON.stringify(m.blocks ?? []).includes('Reference:');

  it('/financials ZZZZ: names ZZZZ, suggests the closest symbols the service knows, no reference code', async () => {
    const reply = await command(h, '/financials ZZZZ');
    const text = allText(reply);
    expect(text).toContain('ZZZZ');
    expect(text).toContain('is not a symbol the research service knows');
    // AMZN is the one US code of the demo's with a Z: the closest to ZZZZ.
    expect(text).toMatch(/Did you mean US:AMZN \(Amazon\)/);
    expect(text).toContain('/financials US:AMZN');
    expect(text).not.toContain('does not exist');
    expect(hasReference(reply)).toBe(false);
  });

  it('/financials ZZZZ against the published schema (an unknown symbol is empty lists, not a 404): the same answer, not an empty card', async () => {
    h.service.setVariant('published');
    try {
      for (const line of ['/financials ZZZZ', '/financials ZZZZ balance']) {
        const reply = await command(h, line);
        const text = allText(reply);
        expect(text).toContain('`ZZZZ` is not a symbol the research service knows');
        // The published constituents are codes and market areas, without names.
        expect(text).toContain('Did you mean US:AMZN?');
        expect(text).not.toContain('No balance sheet data');
        expect(hasReference(reply)).toBe(false);
      }
      // A company the service knows still gets its card.
      expect(allText(await command(h, '/financials US:NVDA balance'))).toContain('Balance sheet');
    } finally {
      h.service.setVariant('latest');
    }
  });

  it('/financials ZZZZ balance: the example keeps the rest of the command', async () => {
    const reply = await command(h, '/financials ZZZZ balance annual');
    expect(allText(reply)).toContain('/financials US:AMZN balance annual');
    expect(hasReference(reply)).toBe(false);
  });

  it('/financials blah blah 123: says that blah and 123 are no symbols, each once, not "one symbol at a time"', async () => {
    const text = allText(await command(h, '/financials blah blah 123'));
    expect(text).toContain('`blah` is not a symbol the research service knows (read as US:BLAH)');
    expect(text).toContain('`123` is not a symbol the research service knows (read as HK:00123)');
    expect(text).not.toContain('one symbol at a time');
    expect(text.match(/`blah` is not a symbol/g)).toHaveLength(2); // once in the fallback text, once in the blocks
  });

  it('/financials nvidia and 茅台: a company name gets its symbol', async () => {
    expect(allText(await command(h, '/financials nvidia'))).toMatch(/Did you mean US:NVDA \(NVIDIA\)/);
    expect(allText(await command(h, '/financials 茅台'))).toContain('SH:600519');
  });

  it('/financials NVDA AAPL: two known companies are still one symbol at a time, with compare as the example', async () => {
    const text = allText(await command(h, '/financials NVDA AAPL'));
    expect(text).toContain('one symbol at a time');
    expect(text).toContain('/financials compare US:NVDA US:AAPL');
  });
});
