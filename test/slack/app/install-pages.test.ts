import { describe, expect, it } from 'vitest';
import { renderAddToSlackPage, renderInstalledPage, renderInstallFailedPage } from '../../../src/slack/app/install-pages.js';

describe('install pages', () => {
  it('escapes what they show: a workspace name cannot inject markup', () => {
    const html = renderInstalledPage({
      name: '<script>alert(1)</script> & Co',
      orgWide: false,
      homeUrl: 'slack://app?team=T1&id=A1&tab=home',
    });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(html).toContain('href="slack://app?team=T1&amp;id=A1&amp;tab=home"');
    expect(html).toMatch(/Connect research service/);
  });

  it('links the Add to Slack button to the authorize URL it is given', () => {
    expect(renderAddToSlackPage('https://slack.com/oauth/v2/authorize?client_id=1&state=a"b')).toContain(
      'href="https://slack.com/oauth/v2/authorize?client_id=1&amp;state=a&quot;b"',
    );
  });

  it('says what went wrong and what to do, for each way an install fails', () => {
    expect(renderInstallFailedPage('slack_oauth_installer_authorization_error', '/slack/install')).toMatch(/Installation cancelled/);
    expect(renderInstallFailedPage('slack_oauth_invalid_state', '/slack/install')).toMatch(/install link has expired/);
    expect(renderInstallFailedPage('invalid_code', '/slack/install')).toMatch(/already used or has expired/);
    const unknown = renderInstallFailedPage('bad_client_secret', '/slack/install');
    expect(unknown).toMatch(/could not be installed/);
    expect(unknown).toContain('Reference: bad_client_secret');
    expect(unknown).toContain('href="/slack/install"');
  });
});
