/**
 * Credentials for one benchmark run, made up per process as main.ts makes the playground's: no
 * token-shaped literal is committed, and none outlives the run. They are secrets all the same.
 */
import { randomBytes } from 'node:crypto';

export interface BenchSecrets {
  botToken: string;
  signingSecret: string;
  serviceApiKey: string;
}

export function makeBenchSecrets(): BenchSecrets {
  return {
    botToken: `xoxb-${randomBytes(12).toString('hex')}`,
    signingSecret: randomBytes(24).toString('hex'),
    serviceApiKey: randomBytes(16).toString('hex'),
  };
}

/** The same, as the app's environment variables. */
export function benchSecretsEnv(secrets: BenchSecrets): Record<'SLACK_BOT_TOKEN' | 'SLACK_SIGNING_SECRET' | 'SERVICE_API_KEY', string> {
  return { SLACK_BOT_TOKEN: secrets.botToken, SLACK_SIGNING_SECRET: secrets.signingSecret, SERVICE_API_KEY: secrets.serviceApiKey };
}
