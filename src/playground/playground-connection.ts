/**
 * How the app reaches the playground's Slack emulator. With the demo service the playground
 * installs like a distributed app: its first workspace is installed and connected at start; the
 * others install through the emulator's OAuth pages. With a real service: one workspace, the
 * playground's bot token.
 */
import type { DeskSlackSetup } from '../composition/desk-connection.js';
import { defaultDistribution } from '../slack-api/app-distribution.js';
import type { PlaygroundSecrets } from '../composition/playground-secrets.js';
import type { ServiceClientFactory } from '../composition/service-client-factory.js';
import type { Playground } from './start-playground.js';

export function playgroundConnection(
  playground: Playground,
  secrets: PlaygroundSecrets,
  createService: ServiceClientFactory,
): DeskSlackSetup {
  const apiUrl = playground.slack ? { apiUrl: playground.slack.apiUrl } : {};
  const { oauth, demoService } = playground;
  // The emulator holds the seed bot token internal and OAuth installs non-Marketplace; the app budgets alike.
  const distribution = playground.distribution ?? defaultDistribution(oauth !== undefined);
  if (!oauth) {
    return { connection: { mode: 'http', botToken: secrets.botToken, signingSecret: secrets.signingSecret, ...apiUrl }, distribution };
  }
  if (!demoService) throw new Error('the demo service was not started');
  return {
    connection: {
      mode: 'http',
      signingSecret: secrets.signingSecret,
      oauth: {
        clientId: oauth.clientId,
        clientSecret: secrets.clientSecret,
        stateSecret: secrets.stateSecret,
        authorizationUrl: oauth.authorizeUrl,
        homeUrlFor: oauth.homeUrlFor,
      },
      ...apiUrl,
    },
    distribution,
    multiWorkspace: {
      encryptionKeys: oauth.encryptionKeys,
      serviceAccounts: { defaultBaseUrl: demoService.url, allowCustomBaseUrl: false, create: createService },
    },
  };
}
