/** App Home's run links come from auth.test's workspace URL: Slack's (https) or the local playground's. */
import { describe, expect, it } from 'vitest';
import { isWorkspaceUrl } from '../../../src/slack/home/publish-app-home.js';

describe('isWorkspaceUrl', () => {
  it('accepts https, and plain http only on this machine (the playground)', () => {
    expect(isWorkspaceUrl('https://acme.slack.com/')).toBe(true);
    expect(isWorkspaceUrl('http://localhost:3000/')).toBe(true);
    expect(isWorkspaceUrl('http://127.0.0.1:3000/')).toBe(true);
    expect(isWorkspaceUrl('http://[::1]:3000/')).toBe(true);
  });

  it('refuses plain http elsewhere, other schemes and non-URLs', () => {
    expect(isWorkspaceUrl('http://acme.slack.com/')).toBe(false);
    expect(isWorkspaceUrl('http://localhost.evil.example/')).toBe(false);
    expect(isWorkspaceUrl('javascript:alert(1)')).toBe(false);
    expect(isWorkspaceUrl('not a url')).toBe(false);
  });
});
