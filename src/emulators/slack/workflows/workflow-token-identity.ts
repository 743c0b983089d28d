import { tokenFingerprint, type Installation } from '../installations.js';
import type { EmulatorState } from '../state.js';

/** Who a workflow token (`xwfp-`) speaks for: the installation's bot, for one function execution. */
export interface WorkflowTokenIdentity {
  kind: 'bot' | 'invalid';
  error?: string;
  installation?: Installation;
  fingerprint: string;
  functionExecutionId: string;
}

/**
 * The identity of a workflow token this emulator issued, or undefined for any other token. It is
 * refused (`token_revoked`) once its execution ended or its installation is gone, and
 * (`token_expired`) 15 minutes after it was issued.
 * @see https://docs.slack.dev/authentication/tokens
 */
export function identifyWorkflowToken(state: EmulatorState, token: string): WorkflowTokenIdentity | undefined {
  if (!token.startsWith('xwfp-')) return undefined;
  const check = state.workflows.executions.identify(token);
  if (check === undefined) return undefined;
  const fingerprint = tokenFingerprint(token);
  const functionExecutionId = check.execution.id;
  if (!check.ok) return { kind: 'invalid', error: check.error, fingerprint, functionExecutionId };
  const installation = state.installs.installations.get(check.execution.installKey);
  if (installation === undefined) return { kind: 'invalid', error: 'token_revoked', fingerprint, functionExecutionId };
  return { kind: 'bot', installation, fingerprint, functionExecutionId };
}
