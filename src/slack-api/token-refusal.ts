/**
 * Slack's answers that refuse the token itself: no retry can help until the operator replaces it.
 * @see https://docs.slack.dev/reference/methods/auth.test#errors
 */
export const TOKEN_REFUSED_CODES: ReadonlySet<string> = new Set([
  'invalid_auth',
  'not_authed',
  'token_revoked',
  'token_expired',
  'account_inactive',
]);
