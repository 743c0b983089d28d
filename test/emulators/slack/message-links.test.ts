import { describe, expect, it } from 'vitest';
import { autoLinkUrls, linksInText, unfurlDomainOf } from '../../../src/emulators/slack/message-links.js';

describe('links in a user message', () => {
  it.each([
    ['see https://r.example.com/docs/1.', 'see <https://r.example.com/docs/1>.'],
    ['(https://r.example.com/a) and https://x.org/b?q=1, ok?', '(<https://r.example.com/a>) and <https://x.org/b?q=1>, ok?'],
    ['wiki https://en.wikipedia.org/wiki/Foo_(bar) here', 'wiki <https://en.wikipedia.org/wiki/Foo_(bar)> here'],
    ['go to www.example.com!', 'go to <http://www.example.com|www.example.com>!'],
    [
      'already <https://a.example/x|linked> and <@U1> and <#C1|research>',
      'already <https://a.example/x|linked> and <@U1> and <#C1|research>',
    ],
    ['no links: e.g. NVDA.US, 1.5x', 'no links: e.g. NVDA.US, 1.5x'],
  ])('Slack’s client links typed URLs: %s', (typed, stored) => {
    expect(autoLinkUrls(typed)).toBe(stored);
  });

  it('lists every distinct http(s) link in order, labelled or not, unescaped', () => {
    const text =
      'a <https://r.example.com/1> b <https://r.example.com/2|two> <https://r.example.com/1> <mailto:x@y.z|mail> <@U1> <https://q.example/?a=1&amp;b=2>';
    expect(linksInText(text)).toEqual(['https://r.example.com/1', 'https://r.example.com/2', 'https://q.example/?a=1&b=2']);
  });

  it('matches an unfurl domain and its subdomains, never a lookalike', () => {
    const domains = ['research.example.com', 'localhost:3000'];
    expect(unfurlDomainOf('https://research.example.com/docs/1', domains)).toBe('research.example.com');
    expect(unfurlDomainOf('https://eu.research.example.com/docs/1', domains)).toBe('eu.research.example.com');
    expect(unfurlDomainOf('https://notresearch.example.com/docs/1', domains)).toBeUndefined();
    expect(unfurlDomainOf('http://localhost:3000/docs/1', domains)).toBe('localhost');
    expect(unfurlDomainOf('not a url', domains)).toBeUndefined();
  });
});
