/**
 * /concepts end to end over HTTP: the trending list (default and top:N), help and usage, and
 * Expand — ephemerally on an ephemeral card, in the thread on a `--public` one.
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
  nextChannelMessage,
  nextEphemeral,
  nextThreadReply,
  rejectedResponses,
  rejectedSlackCalls,
  send,
} from './command-helpers.js';

describe('/concepts', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http' });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  const expandButtons = (m: { blocks?: unknown[] }) => buttonsOf(m).filter((b) => b.action_id.startsWith(ACTION_IDS.conceptExpand));

  it('lists the trending concepts by score, ten by default, with an Expand button each', async () => {
    const card = await command(h, '/concepts');
    expect(allText(card)).toContain('Trending concepts');
    expect(allText(card)).toContain('Top 10 by trending score');
    expect(expandButtons(card)).toHaveLength(10);
    // The demo data's top concept comes first.
    expect(card.text).toMatch(/^Trending concepts: 1\. AI算力/);
  });

  it('honours top:N', async () => {
    const card = await command(h, '/concepts top:3');
    expect(allText(card)).toContain('Top 3 by trending score');
    expect(expandButtons(card)).toHaveLength(3);
  });

  it('shows help, and usage for what it does not understand', async () => {
    expect(allText(await command(h, '/concepts help'))).toContain('/concepts — trending market concepts');
    const bad = await command(h, '/concepts top:500');
    expect(allText(bad)).toContain('top is a number from 1 to 20');
    expect(allText(bad)).toContain('Try: `/concepts top:10`');
    const typo = await command(h, '/concepts subscibe');
    expect(allText(typo)).toContain('did you mean `subscribe`');
  });

  it('expands a concept ephemerally from an ephemeral card', async () => {
    const card = await command(h, '/concepts top:2');
    const detail = await nextEphemeral(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.conceptExpand)));
    expect(allText(detail)).toContain('AI算力');
    expect(allText(detail)).toContain('Related stocks');
    expect(allText(detail)).toContain('Related documents');
  });

  it('posts with --public and expands a concept in the thread', async () => {
    const card = await nextChannelMessage(h, () => send(h, '/concepts top:3 --public'));
    expect(allText(card)).toContain('Top 3 by trending score');
    const second = expandButtons(card)[1];
    if (!second) throw new Error('no second Expand button');
    const reply = await nextThreadReply(h, card.ts, () => clickMessage(h, card, second));
    expect(allText(reply)).toContain('Related stocks');
    expect((reply.blocks as Array<{ type: string }>).some((b) => b.type === 'table')).toBe(true);
  });
});
