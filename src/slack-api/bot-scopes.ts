/**
 * The bot scopes the app asks for at install: the one list, which manifest.yml states too
 * (test/manifest.test.ts keeps them equal). Each is used by a Web API method or event the app needs.
 * @see https://docs.slack.dev/reference/scopes
 */
export const BOT_SCOPES: readonly string[] = [
  'app_mentions:read',
  'assistant:write',
  // canvases.create and canvases.edit: Save as canvas (one canvas per card, updated when saved again).
  // @see https://docs.slack.dev/reference/scopes/canvases.write
  'canvases:write',
  'channels:history',
  'channels:read',
  'chat:write',
  'commands',
  // files.info and the url_private download of a file added to a research folder.
  // @see https://docs.slack.dev/reference/scopes/files.read
  'files:read',
  'files:write',
  'groups:history',
  'groups:read',
  'im:history',
  'links:read',
  'links:write',
  // Slackbot may call the app's MCP server (manifest mcp_servers, the /mcp route).
  // @see https://docs.slack.dev/ai/slackbot-mcp-client
  'mcp:connect',
  // message_metadata_posted for our own digests and alerts (their ts without reading history).
  // @see https://docs.slack.dev/reference/scopes/metadata.message.read
  'metadata.message:read',
  'users:read',
];
