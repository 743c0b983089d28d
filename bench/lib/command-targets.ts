/**
 * What the command benchmark can measure, one process each (issue 33): the app as production runs
 * it (metrics on a port of their own, as the Dockerfile sets METRICS_PORT), on the file store, on
 * Redis and with OAuth installs; the floor built the cheapest correct way (floor-bolt-app.ts) and
 * the two floors measured before it; another revision of the app with --baseline.
 * BENCH_COMMAND_TARGETS picks them (default app,app-redis,floor, plus baseline when asked for).
 */
import { randomBytes } from 'node:crypto';
import { seedOAuthInstall } from './seed-oauth-install.js';

export const COMMAND_TARGET_NAMES = ['app', 'app-redis', 'app-oauth', 'floor', 'floor-respond', 'floor-ack-only', 'baseline'] as const;
export type CommandTargetName = (typeof COMMAND_TARGET_NAMES)[number];
export const DEFAULT_COMMAND_TARGETS: readonly CommandTargetName[] = ['app', 'app-redis', 'floor'];
/** The Redis database app-redis runs on, flushed before it starts (BENCH_REDIS_URL overrides). */
export const DEFAULT_BENCH_REDIS_URL = 'redis://127.0.0.1:6379/14';

export interface CommandTarget {
  name: CommandTargetName;
  description: string;
  /** Which bundle runs: this tree's app, the floor, or the baseline revision's app. */
  bundle: 'app' | 'floor' | 'baseline';
  /** The app (not a floor): runs production-like, with metrics on a free port of its own. */
  isApp: boolean;
  env: Record<string, string>;
  /**
   * false: no service call (floor-ack-only), so its first-response overhead is its whole first
   * response, no service latency taken off.
   */
  callsService?: false;
  /** Flushed before the target starts, so it resumes no run or lease of an earlier benchmark. */
  redisUrl?: string;
  /** Prepares the target's DATA_DIR before it starts. */
  seed?: (dataDir: string) => Promise<void>;
}

/** The targets asked for, in order, without repeats; `baseline` only with a baseline revision. */
export function selectCommandTargets(env: NodeJS.ProcessEnv, hasBaseline: boolean): CommandTargetName[] {
  const asked = env.BENCH_COMMAND_TARGETS?.trim();
  const names = asked ? asked.split(',').map((n) => n.trim()) : [...DEFAULT_COMMAND_TARGETS, ...(hasBaseline ? ['baseline'] : [])];
  const unknown = names.filter((n) => !(COMMAND_TARGET_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(`BENCH_COMMAND_TARGETS: unknown ${unknown.join(', ')} (known: ${COMMAND_TARGET_NAMES.join(', ')})`);
  if (names.includes('baseline') && !hasBaseline) throw new Error('the baseline target needs --baseline <git-rev> or BENCH_BASELINE');
  if (names.length === 0) throw new Error('BENCH_COMMAND_TARGETS names no target');
  return [...new Set(names as CommandTargetName[])];
}

export interface TargetContext {
  /** The bot token and service key every target uses (bench-secrets.ts). */
  secrets: { SLACK_BOT_TOKEN: string; SERVICE_API_KEY: string };
  /** How this tree is named in descriptions (git-source.ts describeWorkingTree). */
  tree: string;
  redisUrl: string;
  baseline?: { rev: string; commit: string };
}

export function commandTarget(name: CommandTargetName, context: TargetContext): CommandTarget {
  switch (name) {
    case 'app':
      return { name, bundle: 'app', isApp: true, env: {}, description: `src/main.ts of this tree (${context.tree}), file store` };
    case 'app-redis':
      return {
        name,
        bundle: 'app',
        isApp: true,
        env: { REDIS_URL: context.redisUrl },
        redisUrl: context.redisUrl,
        description: `the same app on Redis (${context.redisUrl}, flushed before it starts): replay claims, runs and leases there`,
      };
    case 'app-oauth':
      return oauthTarget(context);
    case 'floor':
      return {
        name,
        bundle: 'floor',
        isApp: false,
        env: {},
        description:
          "bare Bolt app (bench/floor-bolt-app.ts), the cheapest correct way: acks, the app's service request with undici request(), the app's card for this search posted with request(), no conversation store",
      };
    case 'floor-respond':
      return {
        name,
        bundle: 'floor',
        isApp: false,
        env: { BENCH_FLOOR_MODE: 'respond' },
        description:
          "the floor before issue 33 (BENCH_FLOOR_MODE=respond): acks, calls the service with the global fetch, posts a fixed text with Bolt's respond(), Bolt's default conversation store",
      };
    case 'floor-ack-only':
      return {
        name,
        bundle: 'floor',
        isApp: false,
        env: { BENCH_FLOOR_MODE: 'respond', BENCH_FLOOR_SKIP_SERVICE: '1' },
        callsService: false,
        description: "the ack-only floor before issue 33: acks and posts a fixed text with Bolt's respond(), no service call",
      };
    case 'baseline': {
      const { baseline } = context;
      if (!baseline) throw new Error('the baseline target needs a baseline revision');
      return {
        name,
        bundle: 'baseline',
        isApp: true,
        env: {},
        description: `src/main.ts at ${baseline.rev} (${baseline.commit.slice(0, 10)}), file store`,
      };
    }
  }
}

/**
 * Issue 13: the same app distributed by OAuth. Each command is authorised from the stored
 * installation and calls the service with the workspace's stored key, both opened per request.
 */
function oauthTarget(context: TargetContext): CommandTarget {
  const encryptionKey = randomBytes(32);
  return {
    name: 'app-oauth',
    bundle: 'app',
    isApp: true,
    description: 'the same app with OAuth installs (SLACK_CLIENT_ID): installation and service key sealed in its file store',
    env: {
      SLACK_BOT_TOKEN: '',
      SERVICE_API_KEY: '',
      SLACK_CLIENT_ID: 'bench.client',
      SLACK_CLIENT_SECRET: randomBytes(16).toString('hex'),
      SLACK_STATE_SECRET: randomBytes(24).toString('hex'),
      SECRETS_ENCRYPTION_KEY: encryptionKey.toString('base64'),
    },
    seed: (dataDir) =>
      seedOAuthInstall({
        dataDir,
        encryptionKey,
        teamId: 'T0BENCH',
        botUserId: 'U0BENCHBOT',
        botToken: context.secrets.SLACK_BOT_TOKEN,
        serviceApiKey: context.secrets.SERVICE_API_KEY,
      }),
  };
}
