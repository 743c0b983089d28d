/** Command line and environment of `npm run doctor`, beyond the app's own variables (src/config/). */
import { parseArgs } from 'node:util';
import { DEFAULT_PROBE, type ServiceProbe } from './service-checks.js';

export interface DoctorArgs {
  /** An agent conversation to read (never written to); decimal text, as the real ids pass 2^53. */
  conversationId?: string;
  probe: ServiceProbe;
  manifestPath: string;
  help: boolean;
}

export class DoctorUsageError extends Error {
  override readonly name = 'DoctorUsageError';
}

export const DOCTOR_USAGE = `Usage: npm run doctor [-- options]

Checks that the research service (SERVICE_BASE_URL, SERVICE_API_KEY) answers every read the app
makes in a shape the app accepts, and, when SLACK_BOT_TOKEN is set, that Slack accepts the tokens,
grants manifest.yml's scopes and can reach the app. Only read-only calls are made.
Exit code 0 when everything the app needs works, 1 when a check failed, 2 on a usage or
configuration error.

Options:
  --conversation <id>  also read this agent conversation (or DOCTOR_CONVERSATION_ID)
  --symbol <symbol>    company for the statement checks (default ${DEFAULT_PROBE.symbol})
  --index <symbol>     index for the index prices check (default ${DEFAULT_PROBE.index})
  --query <text>       query for the search checks (default ${DEFAULT_PROBE.query})
  --manifest <file>    the Slack app manifest (default manifest.yml)
  -h, --help           this text`;

export function parseDoctorArgs(argv: readonly string[], env: Record<string, string | undefined>): DoctorArgs {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new DoctorUsageError(error instanceof Error ? error.message : String(error));
  }
  const rawConversation = values.conversation ?? (env.DOCTOR_CONVERSATION_ID?.trim() || undefined);
  let conversationId: string | undefined;
  if (rawConversation !== undefined) {
    conversationId = rawConversation.trim().replace(/^0+(?=\d)/, '');
    if (!/^[1-9]\d{0,39}$/.test(conversationId)) {
      throw new DoctorUsageError(`the conversation id must be a positive whole number, got "${rawConversation}"`);
    }
  }
  return {
    ...(conversationId !== undefined ? { conversationId } : {}),
    probe: {
      ...DEFAULT_PROBE,
      ...(values.symbol ? { symbol: values.symbol } : {}),
      ...(values.index ? { index: values.index } : {}),
      ...(values.query ? { query: values.query } : {}),
    },
    manifestPath: values.manifest ?? 'manifest.yml',
    help: values.help === true,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      conversation: { type: 'string' },
      symbol: { type: 'string' },
      index: { type: 'string' },
      query: { type: 'string' },
      manifest: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
