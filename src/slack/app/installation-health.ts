/**
 * Whether the stored installations can serve requests, for OAuth installs. Two faults otherwise
 * fail silently (every request refused at authorisation, /readyz green, users get no reply):
 * - `installations_unreadable`: a stored installation does not open with the configured keys
 *   (SECRETS_ENCRYPTION_KEY changed, or a rotated-out key removed too early);
 * - `installations_lost`: a request came from a workspace with no installation while the store
 *   holds none at all. Slack only sends requests for workspaces that installed the app, so an
 *   empty store answering one has lost what it held (Redis restarted without persistence, a
 *   flushed database, another REDIS_URL).
 * Readiness names the fault; requests get an answer saying the app is misconfigured
 * (misconfigured-middleware.ts). No secret or key id reaches /readyz or the user.
 */
import type { Logger } from '../../observability/logger.js';
import { InstallationNotFoundError, InstallationUnreadableError, type Installations } from '../../store/installations.js';
import type { ReadinessCheck } from './health-routes.js';
import { NotReadyError } from './not-ready-error.js';

export type InstallationProblem = 'installations_unreadable' | 'installations_lost';

/** How many installations a readiness probe opens: enough to catch a wrong key, cheap at every probe. */
const PROBE_SAMPLE = 3;

export interface InstallationHealth {
  /** The problem a failed authorisation reveals, or undefined when it is an ordinary refusal. */
  diagnose(error: unknown): Promise<InstallationProblem | undefined>;
  /** The `installations` check of /readyz. */
  readiness: ReadinessCheck;
}

export function createInstallationHealth(options: { installations: Installations; logger: Logger }): InstallationHealth {
  const { installations } = options;
  const log = options.logger.child({ component: 'installation-health' });
  // Only a request can show the store lost its installations (an empty store is also a fresh
  // deployment); remembered in this process until an installation is stored again.
  let lostSeen = false;
  // Said at error level once per change, not at every probe.
  let reported: InstallationProblem | undefined;
  const notReady = (problem: InstallationProblem): NotReadyError => {
    if (reported !== problem) log.error(`not ready: ${explain(problem)}`);
    reported = problem;
    return new NotReadyError(problem, explain(problem));
  };

  return {
    async diagnose(error) {
      if (causeOf(error, InstallationUnreadableError)) {
        log.error(`a request could not be authorised: ${explain('installations_unreadable')}`);
        return 'installations_unreadable';
      }
      if (causeOf(error, InstallationNotFoundError) && (await installations.listIds()).length === 0) {
        if (!lostSeen) log.error(`a request could not be authorised: ${explain('installations_lost')}`);
        lostSeen = true;
        return 'installations_lost';
      }
      return undefined;
    },
    readiness: {
      name: 'installations',
      check: async () => {
        const ids = await installations.listIds();
        if (ids.length === 0) {
          if (lostSeen) throw notReady('installations_lost');
          reported = undefined;
          return;
        }
        lostSeen = false;
        if ((await installations.unreadable(ids.slice(0, PROBE_SAMPLE))).length > 0) throw notReady('installations_unreadable');
        reported = undefined;
      },
    },
  };
}

function explain(problem: InstallationProblem): string {
  return problem === 'installations_unreadable'
    ? 'stored installations cannot be opened: SECRETS_ENCRYPTION_KEY is not the key they were sealed with (restore it, or list the old key after the new one)'
    : 'the store holds no installations although Slack sent a request for an installed workspace: the store was reset (restore its data, or reinstall the app in each workspace)';
}

/** Whether `error` or one of its causes (Error.cause, @slack/oauth's `original`) is a `kind`. */
function causeOf(error: unknown, kind: abstract new (...args: never[]) => Error): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof kind) return true;
    const next: Error = current;
    current = (next as { original?: unknown }).original ?? next.cause;
  }
  return false;
}
