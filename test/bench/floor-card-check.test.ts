import { describe, expect, it } from 'vitest';
import researchCard from '../../bench/fixtures/research-card.json' with { type: 'json' };
import { checkFloorCard, firstDifference, headerFor } from '../../bench/lib/floor-card-check.js';

const card = (header: string, body = 'five documents') => ({
  response_type: 'ephemeral',
  blocks: [
    { type: 'header', text: { type: 'plain_text', text: header } },
    { type: 'section', text: { type: 'mrkdwn', text: body } },
  ],
});

describe('the floor card check', () => {
  const floorCard = card(headerFor('NVDA gross margin'));

  it('finds the card for the floor card’s search among the posted ones and finds it the same', () => {
    const posted = [JSON.stringify(card(headerFor('茅台 毛利率'))), JSON.stringify(floorCard)];
    expect(checkFloorCard(posted, floorCard)).toEqual({ same: true });
  });

  it('names the first place the app’s card differs from the floor’s', () => {
    const changed = card(headerFor('NVDA gross margin'), 'six documents');
    expect(checkFloorCard([JSON.stringify(changed)], floorCard)).toEqual({ same: false, at: 'blocks[1].text.text' });
  });

  it('says so when no posted card is for that search, or a body is not JSON', () => {
    const check = checkFloorCard(['not json', JSON.stringify(card(headerFor('capex')))], floorCard);
    expect(check).toEqual({ same: false, at: 'no card headed "Research for “NVDA gross margin”" among 2 posted' });
  });

  it('names added and missing fields, and a whole value of another kind', () => {
    expect(firstDifference({ a: 1 }, { a: 1, b: 2 })).toBe('b');
    expect(firstDifference([1, 2], [1])).toBe('[1]');
    expect(firstDifference('x', 3)).toBe('(the whole card)');
    expect(firstDifference({ a: [{ b: 1 }] }, { a: [{ b: 1 }] })).toBeUndefined();
  });

  it('reads the fixture the floor posts: a card headed by its search', () => {
    expect(checkFloorCard([JSON.stringify(researchCard)], researchCard)).toEqual({ same: true });
    expect(researchCard.blocks[0]).toMatchObject({ type: 'header', text: { text: headerFor('NVDA gross margin') } });
  });
});
