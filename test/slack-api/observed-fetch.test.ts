import { describe, expect, it } from 'vitest';
import { callName, SLACK_API_URL } from '../../src/slack-api/observed-fetch.js';

describe('callName', () => {
  it('is the Web API method, without the query', () => {
    expect(callName('https://slack.com/api/chat.postMessage', SLACK_API_URL)).toBe('chat.postMessage');
    expect(callName('http://127.0.0.1:4000/api/conversations.history?limit=15', 'http://127.0.0.1:4000/api/')).toBe(
      'conversations.history',
    );
  });

  it('is response_url for anything but the Web API, so a response URL never becomes a name', () => {
    expect(callName('https://hooks.slack.com/commands/T1/123/abcSECRET', SLACK_API_URL)).toBe('response_url');
    expect(callName('http://127.0.0.1:4000/response/abc123', 'http://127.0.0.1:4000/api/')).toBe('response_url');
  });

  it('is other for a path that is no method name', () => {
    expect(callName('https://slack.com/api/a/b', SLACK_API_URL)).toBe('other');
    expect(callName('https://slack.com/api/', SLACK_API_URL)).toBe('other');
    expect(callName(`https://slack.com/api/${'x'.repeat(80)}`, SLACK_API_URL)).toBe('other');
  });
});
