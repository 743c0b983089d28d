/** Real Slack: one workspace's bot token over Socket Mode or HTTP, or OAuth installs (the playground has its own: src/playground/). */
import type { Config } from '../config/load-config.js';
import type { DeskSlackSetup } from './desk-connection.js';
import { requireDemoService, type ServiceClientFactory, type ServiceCredentials } from './service-client-factory.js';

export function deskConnectionFromConfig(
  config: Pick<Config, 'slack' | 'service' | 'encryptionKeys'>,
  services: { createService: ServiceClientFactory; demoService: ServiceCredentials | undefined },
): DeskSlackSetup {
  const { slack, service } = config;
  if (slack.mode === 'playground') throw new Error('the playground Slack emulator was not started');
  const apiUrl = slack.apiUrl ? { apiUrl: slack.apiUrl } : {};
  if ('oauth' in slack) {
    if (!config.encryptionKeys) throw new Error('SECRETS_ENCRYPTION_KEY is required with SLACK_CLIENT_ID');
    const { distribution, ...connection } = slack;
    return {
      connection,
      distribution,
      multiWorkspace: {
        encryptionKeys: config.encryptionKeys,
        serviceAccounts: {
          defaultBaseUrl: service.mode === 'demo' ? requireDemoService(services.demoService).baseUrl : service.baseUrl,
          allowCustomBaseUrl: service.mode === 'per-workspace' && service.allowCustomBaseUrl,
          create: services.createService,
        },
      },
    };
  }
  const { distribution } = slack;
  if (slack.mode === 'socket') {
    return { connection: { mode: 'socket', botToken: slack.botToken, appToken: slack.appToken, ...apiUrl }, distribution };
  }
  return { connection: { mode: 'http', botToken: slack.botToken, signingSecret: slack.signingSecret, ...apiUrl }, distribution };
}
