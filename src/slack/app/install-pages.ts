/**
 * The pages a browser sees around the OAuth install: "Add to Slack", installed, and each way an
 * install can fail, said plainly with what to do next. Pure HTML; every value is escaped.
 */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Research Desk</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1d1c1d}
h1{font-size:1.5rem}a.button{display:inline-block;background:#4a154b;color:#fff;padding:.6rem 1.2rem;border-radius:6px;text-decoration:none;font-weight:600}
.note{color:#616061;font-size:.9rem}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The install path: one button that starts Slack's OAuth flow (its URL carries the state). */
export function renderAddToSlackPage(installUrl: string): string {
  return page(
    'Add to Slack',
    `<h1>Add Research Desk to Slack</h1>
<p>Research Desk brings the financial research service into your workspace: search, financials, trending concepts and research questions answered in threads.</p>
<p><a class="button" id="add-to-slack" href="${escapeHtml(installUrl)}">Add to Slack</a></p>
<p class="note">After installing, a workspace admin or owner (for an install on a whole Enterprise Grid organization, an org admin or owner) connects your research-service account from Research Desk’s Home tab in Slack.</p>`,
  );
}

export interface InstalledPageInput {
  /** Workspace or org name. */
  name: string;
  /** Where to open the app's Home tab (slack://app?… deep link, or the playground). */
  homeUrl?: string;
  orgWide: boolean;
}

export function renderInstalledPage(input: InstalledPageInput): string {
  const where = input.orgWide ? `the ${escapeHtml(input.name)} organization` : escapeHtml(input.name);
  const open = input.homeUrl
    ? `<p><a class="button" id="open-home" href="${escapeHtml(input.homeUrl)}">Open Research Desk in Slack</a></p>`
    : '';
  return page(
    'Installed',
    `<h1>Research Desk is installed in ${where}</h1>
<p><strong>Next step:</strong> connect your research-service account. Open Research Desk’s <em>Home</em> tab in Slack and choose <em>Connect research service</em>. Until then, its commands explain how to connect.</p>
${open}`,
  );
}

/** Why an install did not finish, and what to do. `code` is @slack/oauth's error code or Slack's `error`. */
export function renderInstallFailedPage(code: string, restartUrl: string): string {
  const { title, advice } = installFailure(code);
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(advice)}</p>
<p><a class="button" id="start-again" href="${escapeHtml(restartUrl)}">Start again</a></p>
<p class="note">Reference: ${escapeHtml(code)}</p>`,
  );
}

function installFailure(code: string): { title: string; advice: string } {
  switch (code) {
    case 'slack_oauth_installer_authorization_error':
    case 'access_denied':
      return {
        title: 'Installation cancelled',
        advice: 'Research Desk was not installed because the request was cancelled in Slack. You can start again at any time.',
      };
    case 'slack_oauth_invalid_state':
    case 'slack_oauth_missing_state':
      return {
        title: 'This install link has expired',
        advice: 'The install was started too long ago, or in another browser. Start again from the “Add to Slack” button in this browser.',
      };
    case 'slack_oauth_missing_code':
      return {
        title: 'Slack did not finish the install',
        advice: 'Slack sent no authorization code back. Start again from the “Add to Slack” button.',
      };
    case 'slack_unreachable':
      return {
        title: 'Slack could not be reached',
        advice:
          'Research Desk could not reach Slack to finish the install, so nothing was installed. Try again in a moment from the “Add to Slack” page: Slack’s approval works only once, so reloading this page will not finish the install.',
      };
    case 'invalid_code':
    case 'code_already_used':
      return {
        title: 'This install link was already used or has expired',
        advice: 'Each approval can be used once, within a few minutes. Start again from the “Add to Slack” button.',
      };
    default:
      return {
        title: 'Research Desk could not be installed',
        advice:
          'Slack did not accept the installation. Please start again; if it keeps failing, tell the app’s operator and give them the reference below.',
      };
  }
}
