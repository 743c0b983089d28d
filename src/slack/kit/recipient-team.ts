/**
 * `recipient_team_id` for an ephemeral to a user of another organisation in a Slack Connect
 * channel: without their own team Slack answers `user_not_found` (openclaw#20337, #70295). That
 * chat.postEphemeral takes it is not in @slack/web-api 8.2's types (UNCONFIRMED in Slack's
 * reference), so it is added as an extra argument, which the client sends as it is.
 */
export function recipientTeamArg(recipientTeamId: string | undefined): Record<string, string> {
  return recipientTeamId ? { recipient_team_id: recipientTeamId } : {};
}
