/**
 * Environment → a typed, validated Config. The one place that reads process.env.
 *
 * Each mix of credentials works: no Slack credentials starts the local playground (Slack
 * emulator); no SERVICE_BASE_URL starts the embedded demo service. A wrong value stops start-up
 * with one line naming the variable, what is wrong and an example — never the value of a secret.
 * Each concern is a slice of its own (its variables, their examples, how they become its part of
 * Config); this file puts them together.
 */
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error.js';
import { DOCUMENT_EXAMPLES, documentVariables, readDocuments } from './document-config.js';
import { OAUTH_EXAMPLES, oauthSecrets, oauthVariables } from './oauth-config.js';
import { readRelay, RELAY_EXAMPLES, relayVariables } from './relay-config.js';
import { readSchedules, SCHEDULE_EXAMPLES, scheduleVariables } from './schedule-config.js';
import { readServer, SERVER_EXAMPLES, serverVariables } from './server-config.js';
import { readShutdown, SHUTDOWN_EXAMPLES, shutdownVariables } from './shutdown-config.js';
import { readService, SERVICE_EXAMPLES, serviceSecrets, serviceVariables } from './service-config.js';
import { readSlack, SLACK_EXAMPLES, slackSecrets, slackVariables } from './slack-config.js';
import { readStore, STORE_EXAMPLES, storeSecrets, storeVariables } from './store-config.js';
import { readTelemetry, TELEMETRY_EXAMPLES, telemetrySecrets, telemetryVariables } from './telemetry-config.js';

/** Every variable the app reads, with its rule; slice by slice, the order problems are reported in. */
const envSchema = z.object({
  ...slackVariables,
  ...oauthVariables,
  ...serviceVariables,
  ...storeVariables,
  ...serverVariables,
  ...relayVariables,
  ...scheduleVariables,
  ...documentVariables,
  ...shutdownVariables,
  ...telemetryVariables,
});

/** The name of every variable the app reads (the deployment files' tests check they list them all). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

type EnvName = keyof typeof envSchema.shape;

/** The example printed with a problem; no real secret ever appears in one. */
const EXAMPLES: Record<EnvName, string> = {
  ...SLACK_EXAMPLES,
  ...OAUTH_EXAMPLES,
  ...SERVICE_EXAMPLES,
  ...STORE_EXAMPLES,
  ...SERVER_EXAMPLES,
  ...RELAY_EXAMPLES,
  ...SCHEDULE_EXAMPLES,
  ...DOCUMENT_EXAMPLES,
  ...SHUTDOWN_EXAMPLES,
  ...TELEMETRY_EXAMPLES,
};

/** Environment → Config; a slice's rules that join variables (which mode, which credentials go together) live in the slice. */
const configSchema = envSchema.transform((e, ctx) => ({
  slack: readSlack(e, ctx),
  ...readService(e, ctx),
  ...readStore(e, ctx),
  ...readServer(e, ctx),
  ...readRelay(e),
  ...readSchedules(e),
  ...readDocuments(e),
  ...readShutdown(e),
  ...readTelemetry(e),
  /** Keys sealing stored credentials, newest first (required with OAuth installs). */
  encryptionKeys: e.SECRETS_ENCRYPTION_KEY,
  /** Every secret value, for the log redactor. */
  secrets: [...slackSecrets(e), ...oauthSecrets(e), ...serviceSecrets(e), ...storeSecrets(e), ...telemetrySecrets(e)].filter(
    (s): s is string => typeof s === 'string',
  ),
}));

export type Config = z.output<typeof configSchema>;
export type SlackConfig = Config['slack'];
export type ServiceConfig = Config['service'];
export type LogLevelName = Config['logLevel'];
export type { TracingConfig } from './telemetry-config.js';

export function loadConfig(env: Record<string, string | undefined> = process.env, cwd: string = process.cwd()): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problem = result.error.issues[0];
    const variable = String(problem?.path[0]) as EnvName;
    throw new ConfigError(variable, problem?.message ?? 'is invalid', EXAMPLES[variable]);
  }
  return { ...result.data, dataDir: path.resolve(cwd, result.data.dataDir) };
}
