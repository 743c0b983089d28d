import { randomBytes } from 'node:crypto';

/** Credentials the playground's Slack emulator and the app share; made up per start, secrets all the same (the logger redacts them). */
export interface PlaygroundSecrets {
  botToken: string;
  signingSecret: string;
  clientSecret: string;
  stateSecret: string;
}

export function createPlaygroundSecrets(): PlaygroundSecrets {
  return {
    botToken: `xoxb-emulator-playground-${randomBytes(12).toString('hex')}`,
    signingSecret: randomBytes(24).toString('hex'),
    clientSecret: randomBytes(16).toString('hex'),
    stateSecret: randomBytes(24).toString('hex'),
  };
}
