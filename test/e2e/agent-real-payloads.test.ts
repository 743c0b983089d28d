/**
 * Real-shaped Slack payloads (test/fixtures/slack-payloads/, each with the public source of its
 * shape), signed and posted over HTTP to the app on Redis: which start an agent run and which
 * never do. The emulator is subscribed to no message event, so a message the test writes there
 * (for the app's replies to land on) reaches the app only as the payload the test posts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIdFor } from '../../src/agent/runtime/relay-runtime.js';
import { signSlackRequest } from '../../src/emulators/slack/index.js';
import { requestIdOfMessage } from '../../src/slack/agent/runs/start-run-from-event.js';
import { botReplies, waitForRunEnd } from './agent-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from './harness.js';

const FIXTURES = new URL('../fixtures/slack-payloads/', import.meta.url);

type Fixture = Record<string, unknown> & { _source: string; _expect: 'run' | 'no_run' | 'run_once_per_message' };

function loadFixture(name: string): Fixture {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Fixture;
}

/** Every `$NAME` in the payload's strings, replaced by this harness's ids. */
function fill(value: unknown, ids: Record<string, string>): unknown {
  if (typeof value === 'string') return value.replace(/\$[A-Z_]+/g, (name) => ids[name.slice(1)] ?? name);
  if (Array.isArray(value)) return value.map((v) => fill(v, ids));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, ids)]));
  }
  return value;
}

describe('real-shaped Slack payloads, signed and posted to the app', () => {
  let h: Harness;
  let url: string;
  let eventSeq = 0;

  beforeAll(async () => {
    h = await startHarness({ store: 'redis', agentSpeed: 12, logLevel: 'debug', slack: { subscribedEvents: ['app_home_opened'] } });
    url = `http://127.0.0.1:${h.desk.port}/slack/events`;
  });
  afterAll(async () => h?.close());

  const base = (): Record<string, string> => ({
    TEAM: h.slack.teamId,
    CHANNEL: h.slack.defaultChannelId,
    DM: h.slack.defaultDmId,
    USER: h.slack.defaultUserId,
    BOT_USER: h.slack.botUserId,
  });

  /** A message the emulator stores without telling the app (nothing is subscribed): its ts. */
  async function storedMessage(channelId: string, text: string, threadTs?: string): Promise<string> {
    const { ts } = await h.slack.postMessage({ text, channel_id: channelId, ...(threadTs ? { thread_ts: threadTs } : {}) });
    return ts;
  }

  async function post(fixture: Fixture, ids: Record<string, string>): Promise<{ eventId: string; payload: Record<string, unknown> }> {
    const eventId = `EvCORPUS${String(++eventSeq).padStart(4, '0')}`;
    const { _source, _expect, ...shape } = fixture;
    const payload = fill(shape, { ...base(), ...ids, EVENT_ID: eventId }) as Record<string, unknown>;
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': signSlackRequest(E2E_SECRETS.signingSecret, timestamp, body),
      },
      body,
    });
    expect(res.status).toBe(200);
    return { eventId, payload };
  }

  const runIdOf = (channelId: string, ts: string) =>
    runIdFor({ teamId: h.slack.teamId, channelId, requestId: requestIdOfMessage(channelId, ts) });
  const startedLines = () => h.logs.filter((l) => l.includes('agent run started')).length;
  /**
   * What the app did with an event, from its log line carrying the event id: the run it started,
   * or that its listener turned the event away.
   */
  const outcomeOf = (eventId: string): Promise<{ started: string } | 'turned away'> =>
    h.slack.waitFor(() => {
      const line = h.logs.find((l) => l.includes(eventId) && /agent run started|ignored|not answered again/.test(l));
      if (line === undefined) return undefined;
      return line.includes('agent run started') ? { started: String((JSON.parse(line) as { runId?: string }).runId) } : 'turned away';
    }, 10_000);

  it('keeps a public source for every payload', () => {
    const names = readdirSync(FIXTURES).filter((n) => n.endsWith('.json'));
    expect(names.length).toBeGreaterThanOrEqual(11);
    for (const name of names) {
      const fixture = loadFixture(name);
      expect(fixture._source, name).toMatch(/slackapi\/|docs\.slack\.dev|github\.com/);
      expect(['run', 'no_run', 'run_once_per_message'], name).toContain(fixture._expect);
    }
  });

  let answeredThread: string;

  it.each([
    ['app-mention.json', 'CHANNEL'],
    ['org-wide-install-mention.json', 'CHANNEL'],
    ['shared-channel-mention.json', 'CHANNEL'],
    ['file-share-dm.json', 'DM'],
  ] as const)('%s starts one run in the installing workspace', async (name, where) => {
    const fixture = loadFixture(name);
    expect(fixture._expect).toBe('run');
    const channelId = base()[where]!;
    const ts = await storedMessage(channelId, 'a question for the app');
    await post(fixture, { TS: ts });
    const record = await waitForRunEnd(h, runIdOf(channelId, ts));
    expect(record.status).toBe('completed');
    expect(record.teamId).toBe(h.slack.teamId);
    expect(record.threadTs).toBe(ts);
    if (name === 'app-mention.json') answeredThread = ts;
  });

  it('thread-broadcast.json (a reply also sent to the channel, in a thread the app answered) is a follow-up question', async () => {
    const fixture = loadFixture('thread-broadcast.json');
    expect(fixture._expect).toBe('run');
    const channelId = h.slack.defaultChannelId;
    const ts = await storedMessage(channelId, 'And how much cash does it hold?', answeredThread);
    await post(fixture, { TS: ts, THREAD_TS: answeredThread });
    const record = await waitForRunEnd(h, runIdOf(channelId, ts));
    expect(record.status).toBe('completed');
    expect(record.threadTs).toBe(answeredThread);
  });

  it.each([
    ['slackbot-dm.json', 'DM'],
    ['bot-message.json', 'DM'],
    ['message-changed.json', 'CHANNEL'],
    ['message-deleted.json', 'DM'],
  ] as const)('%s never starts a run', async (name, where) => {
    const fixture = loadFixture(name);
    expect(fixture._expect).toBe('no_run');
    const channelId = base()[where]!;
    const before = startedLines();
    const ts = `${Math.floor(Date.now() / 1000)}.${String(++eventSeq).padStart(6, '0')}`;
    const { eventId } = await post(fixture, { TS: ts, EDIT_TS: ts.replace(/\d$/, '9') });
    expect(await outcomeOf(eventId)).toBe('turned away');
    expect(await h.desk.stores.runs.get(runIdOf(channelId, ts))).toBeNull();
    expect(startedLines()).toBe(before);
  });

  it('own-message.json (the app’s own reply in its DM) never starts a run', async () => {
    const fixture = loadFixture('own-message.json');
    const before = startedLines();
    const ts = `${Math.floor(Date.now() / 1000)}.${String(++eventSeq).padStart(6, '0')}`;
    // Bolt's ignoreSelf drops it before any listener, right after the ack post() waited for.
    await post(fixture, { TS: ts });
    expect(await h.desk.stores.runs.get(runIdOf(h.slack.defaultDmId, ts))).toBeNull();
    expect(startedLines()).toBe(before);
  });

  it('app-mention-edited.json: the edit of an answered mention is not answered again', async () => {
    const channelId = h.slack.defaultChannelId;
    const ts = await storedMessage(channelId, 'is it everything a river should be?');
    const mention = await post(loadFixture('app-mention.json'), { TS: ts });
    const first = await outcomeOf(mention.eventId);
    if (first === 'turned away') throw new Error('the mention was not answered');
    expect((await waitForRunEnd(h, first.started)).status).toBe('completed');
    const before = startedLines();
    const { eventId } = await post(loadFixture('app-mention-edited.json'), { TS: ts, EDIT_TS: `${ts.split('.')[0]}.999999` });
    expect(await outcomeOf(eventId)).toBe('turned away');
    expect(startedLines()).toBe(before);
    expect(botReplies(h, channelId, ts)).toHaveLength(1);
  });

  it('app-mention-edited.json: an edit that adds the mention to an unanswered message is answered once', async () => {
    const fixture = loadFixture('app-mention-edited.json');
    expect(fixture._expect).toBe('run_once_per_message');
    const channelId = h.slack.defaultChannelId;
    const ts = await storedMessage(channelId, 'is it everything a river should be?');
    await post(fixture, { TS: ts, EDIT_TS: `${ts.split('.')[0]}.999998` });
    expect((await waitForRunEnd(h, runIdOf(channelId, ts))).status).toBe('completed');
    const before = startedLines();
    const { eventId } = await post(fixture, { TS: ts, EDIT_TS: `${ts.split('.')[0]}.999999` });
    expect(await outcomeOf(eventId)).toBe('turned away');
    expect(startedLines()).toBe(before);
  });
});
