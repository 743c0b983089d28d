/**
 * Who calls the MCP server, as the request proved it, and the workspace each tool call acts for.
 *
 * - `token`: a bearer token an admin created on App Home: every call acts for the token's workspace
 *   (any `_meta.slack` the body carries is ignored: the token, not the body, says who calls).
 * - `slack`: a request Slack signed with the app's signing secret (Slack identity auth). The
 *   signature covers the body, so the `_meta.slack` of each tool call (user, team, enterprise) is
 *   Slack's word: the call acts for that team.
 * @see https://docs.slack.dev/ai/slackbot-mcp-client
 */
import { z } from 'zod';
import type { WorkspaceRef } from '../../workspaces/workspace-ref.js';

export type McpCaller = { kind: 'token'; workspace: WorkspaceRef; tokenId: string } | { kind: 'slack' };

/** Slack's ids: upper-case letters and digits (T…, E…, U…, W…). */
const slackId = z.string().regex(/^[A-Z0-9]{2,32}$/);

/**
 * `params._meta.slack` of a tool call Slack made for a user. `team_id` may be null for an
 * Enterprise Grid user Slack could not place in a workspace: such a call acts for nobody.
 */
export const slackIdentitySchema = z.object({
  user_id: slackId.optional(),
  team_id: slackId,
  enterprise_id: slackId.nullish(),
});

export type SlackIdentity = z.output<typeof slackIdentitySchema>;

/** A tool call's workspace and who asked: from the token, or from the signed `_meta.slack`. */
export interface CallIdentity {
  workspace: WorkspaceRef;
  /** `token:<tokenId>` or `slack:<user id>` (no secret: it goes into records and logs). */
  askedBy: string;
}

/** The call's identity, or undefined when a Slack-signed call carries no usable `_meta.slack`. */
export function callIdentityOf(caller: McpCaller, meta: unknown): CallIdentity | undefined {
  if (caller.kind === 'token') return { workspace: caller.workspace, askedBy: `token:${caller.tokenId}` };
  const parsed = slackIdentitySchema.safeParse((meta as { slack?: unknown } | undefined)?.slack);
  if (!parsed.success) return undefined;
  const { team_id: teamId, enterprise_id: enterpriseId, user_id: userId } = parsed.data;
  return {
    workspace: { teamId, ...(enterpriseId ? { enterpriseId } : {}) },
    askedBy: `slack:${userId ?? 'unknown'}`,
  };
}
