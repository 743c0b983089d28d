/**
 * The environment a benchmark gives the built app between the emulators: production mode, the
 * emulators' URLs and credentials (as the image would get the real ones).
 */
import type { ServiceEmulator } from '../../src/emulators/service/index.js';
import type { SlackEmulator } from '../../src/emulators/slack/index.js';

export function productionEnvBetween(
  slack: Pick<SlackEmulator, 'apiUrl'>,
  service: Pick<ServiceEmulator, 'url' | 'apiKey'>,
  secrets: { botToken: string; signingSecret: string },
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SLACK_BOT_TOKEN: secrets.botToken,
    SLACK_SIGNING_SECRET: secrets.signingSecret,
    SLACK_API_URL: slack.apiUrl,
    SERVICE_BASE_URL: service.url,
    SERVICE_API_KEY: service.apiKey,
  };
}
