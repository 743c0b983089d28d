/**
 * Answers a request whose workspace could not be authorised because the app is misconfigured
 * (installation-health.ts), instead of Bolt's silent empty acknowledgement. A slash command's
 * acknowledgement carries the answer; an interaction with a response_url is answered there (no
 * token is needed for either). An event (a mention, a DM) cannot be answered without the bot
 * token, so it is only logged: /readyz and the log carry the fault.
 * @see https://docs.slack.dev/interactivity/implementing-slash-commands#responding_to_commands
 * @see https://docs.slack.dev/interactivity/handling-user-interaction#message_responses
 */
import type { AnyMiddlewareArgs, Middleware, RespondFn } from '@slack/bolt';
import type { Logger } from '../../observability/logger.js';
import type { InstallationProblem } from './installation-health.js';

/** The key authorize sets in Bolt's context when the workspace cannot be served. */
export const MISCONFIGURED_CONTEXT_KEY = 'misconfigured';

/** What the user reads: what is wrong, and that the fix is the admin's. */
export function misconfiguredText(problem: InstallationProblem): string {
  return problem === 'installations_unreadable'
    ? ':warning: Research Desk is misconfigured and cannot act for this workspace: its stored credentials cannot be decrypted. Please tell your Slack admin or whoever runs Research Desk; nothing you change here will fix it.'
    : ':warning: Research Desk has lost this workspace’s installation (its data store was reset). Please tell your Slack admin or whoever runs Research Desk: reinstalling the app from its install page restores it.';
}

export function misconfiguredMiddleware(logger: Logger): Middleware<AnyMiddlewareArgs> {
  const log = logger.child({ component: 'misconfigured' });
  return async (args) => {
    const problem = args.context[MISCONFIGURED_CONTEXT_KEY] as InstallationProblem | undefined;
    if (!problem) {
      await args.next();
      return;
    }
    const text = misconfiguredText(problem);
    const body = args.body as { command?: unknown; type?: unknown };
    const ack = 'ack' in args ? (args.ack as ((response?: unknown) => Promise<void>) | undefined) : undefined;
    const respond = 'respond' in args ? (args.respond as RespondFn | undefined) : undefined;
    log.warn('answered a request with "misconfigured"', {
      problem,
      team: args.context.teamId,
      kind: body.command ? 'slash_command' : body.type,
    });
    if (typeof body.command === 'string' && ack) {
      await ack({ response_type: 'ephemeral', text });
      return;
    }
    await ack?.();
    if (respond) await respond({ response_type: 'ephemeral', replace_original: false, text });
  };
}
