/** The parts of ResearchDeskOptions that come straight from Config (and the playground's extra document domains). */
import type { Config } from '../config/load-config.js';
import { trustedHostsFrom } from '../slack/blocks/markdown/present-link.js';

export function deskSettingsFromConfig(config: Config, context: { localHost: string; playgroundDocumentDomains: readonly string[] }) {
  const { service } = config;
  // Demo documents in the playground live on its own host: their links unfurl there too.
  const documentUrlDomains = [...config.documentUrlDomains, ...context.playgroundDocumentDomains];
  return {
    ...(service.mode === 'remote' ? { serviceBaseUrl: service.baseUrl } : {}),
    port: config.port,
    ...(config.metricsPort !== undefined ? { metricsPort: config.metricsPort } : {}),
    host: config.slack.mode === 'playground' ? context.localHost : (config.host ?? '0.0.0.0'),
    streaming: config.streaming,
    documentUrlDomains,
    // Links to these keep their label in agent answers; any other shows its real host (present-link.ts).
    trustedLinkHosts: trustedHostsFrom([...documentUrlDomains, service.mode === 'demo' ? undefined : service.baseUrl]),
    agentIdleTimeoutMs: config.agentIdleTimeoutMs,
    showAgentUsage: config.showAgentUsage,
    figureCheck: config.figureCheck,
    runLeaseMs: config.runLeaseMs,
    digestGraceMs: config.digestGraceMs,
    watchPollMs: config.watchPollMs,
    watchCallsPerMinute: config.watchCallsPerMinute,
    demo: service.mode === 'demo',
    documentAdds: { maxBytes: config.documentMaxBytes, processingDeadlineMs: config.documentProcessingMs },
  };
}
