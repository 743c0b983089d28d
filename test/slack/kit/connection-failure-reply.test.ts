/** Connection failures: the error's own message with the 🔌 icon, no Retry, and an info log line (not an error). */
import type { RespondArguments, RespondFn } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { ACTION_IDS } from '../../../src/slack/blocks/action-ids.js';
import { failureMessage, replyWithFailure } from '../../../src/slack/kit/failure-reply.js';
import {
  ConnectionManagedByOperatorError,
  ConnectionNotPermittedError,
  ConnectionRejectedError,
  WorkspaceNotConnectedError,
  WorkspaceNotInstalledError,
} from '../../../src/workspaces/workspace-errors.js';

const CONNECTION_FAILURES = [
  new WorkspaceNotConnectedError('T1'),
  new WorkspaceNotInstalledError('T1'),
  new ConnectionNotPermittedError(),
  new ConnectionManagedByOperatorError(),
];

describe('failure reply for a workspace that cannot use the service', () => {
  it.each(CONNECTION_FAILURES.map((e) => [e.name, e] as const))('%s: its own message, 🔌, no Retry', (_name, error) => {
    const m = failureMessage(error, { correlationId: 'corr-1', retry: { actionValue: 'x' }, action: 'the search' });
    const text = JSON.stringify(m);
    // The message passes through the mrkdwn escape: its words are all there.
    expect(m.text).toContain(error.message.slice(0, 40));
    expect(text).toContain(':electric_plug:');
    expect(text).not.toContain(ACTION_IDS.errorRetry);
    expect(text).not.toContain('Something went wrong');
  });

  it('is logged at info, and reaches the user on the response_url', async () => {
    const log = createMemoryLogger(createRedactor([]), 'debug');
    const sent: RespondArguments[] = [];
    const respond = (async (message: RespondArguments) => {
      sent.push(message);
    }) as unknown as RespondFn;
    await replyWithFailure(new WorkspaceNotConnectedError('T1'), { log, correlationId: 'corr-2', respond, action: 'the search' });
    const lines = log.lines.map((l) => JSON.parse(l) as { level: string; msg: string; reason?: string });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', reason: 'WorkspaceNotConnectedError' });
    expect(JSON.stringify(sent)).toContain('Connect research service');
  });

  it('leaves a rejected key to the connect modal: elsewhere it is an ordinary failure', () => {
    const m = failureMessage(new ConnectionRejectedError('api_key', 'refused'), { correlationId: 'corr-3' });
    expect(m.text).toContain('Something went wrong');
  });
});
