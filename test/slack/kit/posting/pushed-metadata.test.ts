/**
 * message_metadata_posted parsed once for the digests and watch alerts: our own bot's messages
 * only; each slice then keeps its own event type (record-pushed-digest, record-pushed-alert).
 */
import { describe, expect, it } from 'vitest';
import { digestMetadata } from '../../../../src/slack/concepts/digest/digest-metadata.js';
import { metadataPostedListener, parsePushedMetadata, type PushedMetadata } from '../../../../src/slack/kit/posting/pushed-metadata.js';

const SLOT = '2025-07-01T09:00:00.000Z';

function buildPush(metadata: unknown, overrides: Record<string, unknown> = {}) {
  return {
    event: {
      type: 'message_metadata_posted',
      app_id: 'A1',
      bot_id: 'B1',
      user_id: 'U1',
      team_id: 'T1',
      channel_id: 'C1',
      metadata,
      message_ts: '1751360400.000100',
      event_ts: '1751360400.000100',
      ...overrides,
    },
    body: { team_id: 'T1' },
    context: { botId: 'B1' },
  } as unknown as Parameters<typeof parsePushedMetadata>[0];
}

describe('parsePushedMetadata', () => {
  it('reads the team, channel, ts and metadata of our own message', () => {
    const metadata = digestMetadata(SLOT);
    expect(parsePushedMetadata(buildPush(metadata))).toEqual({
      teamId: 'T1',
      channelId: 'C1',
      messageTs: '1751360400.000100',
      eventType: 'research_desk_digest',
      payload: { slot: SLOT },
      metadata,
    });
  });

  it("ignores another bot's message and malformed metadata", () => {
    expect(parsePushedMetadata(buildPush(digestMetadata(SLOT), { bot_id: 'B-other' }))).toBeUndefined();
    expect(parsePushedMetadata(buildPush({ event_type: 'research_desk_digest' }))).toBeUndefined();
    expect(parsePushedMetadata(buildPush(digestMetadata(SLOT), { message_ts: undefined }))).toBeUndefined();
  });

  it('hands a parsed push to the recorder, and nothing else', async () => {
    const seen: PushedMetadata[] = [];
    const listener = metadataPostedListener(async (p) => void seen.push(p));
    await listener(buildPush(digestMetadata(SLOT)) as never);
    await listener(buildPush(digestMetadata(SLOT), { bot_id: 'B-other' }) as never);
    expect(seen.map((p) => p.eventType)).toEqual(['research_desk_digest']);
  });
});
