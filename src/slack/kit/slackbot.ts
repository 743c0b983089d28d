/**
 * Slackbot writes as a user with no bot_id ("You have been removed from #…", reminders, files it
 * shares in a DM), so the bot checks do not catch it: every listener that answers people skips it.
 * @see https://github.com/getsentry/gib-potato/pull/84 (Slackbot: empty bot id, user USLACKBOT)
 */
export const SLACKBOT_USER_ID = 'USLACKBOT';
