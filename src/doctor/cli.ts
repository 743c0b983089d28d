/**
 * `npm run doctor`: proves that a live configuration works before going live. Reads the app's
 * own variables (src/config/) and the doctor's options (doctor-args.ts), prints the report, and
 * exits 0 only when everything the app needs works. Output passes the app's redactor, so no
 * configured secret can be printed even if some answer echoed one.
 */
import { ConfigError } from '../config/config-error.js';
import { loadConfig } from '../config/load-config.js';
import { createRedactor } from '../observability/redactor.js';
import { readyToGoLive } from './check-result.js';
import { DOCTOR_USAGE, DoctorUsageError, parseDoctorArgs } from './doctor-args.js';
import { renderReport } from './render-report.js';
import { runDoctor } from './run-doctor.js';

/** The secret variables as set, so even a failure before the config is read prints none. */
const SECRET_VARIABLES = ['SLACK_BOT_TOKEN', 'SLACK_APP_TOKEN', 'SLACK_SIGNING_SECRET', 'SERVICE_API_KEY'] as const;
const secretsAsSet = SECRET_VARIABLES.map((name) => process.env[name]);

async function main(redactEarly: (text: string) => string): Promise<number> {
  let args: ReturnType<typeof parseDoctorArgs>;
  let config: ReturnType<typeof loadConfig>;
  try {
    args = parseDoctorArgs(process.argv.slice(2), process.env);
    if (args.help) {
      process.stdout.write(`${DOCTOR_USAGE}\n`);
      return 0;
    }
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof DoctorUsageError) process.stderr.write(redactEarly(`doctor: ${error.message}\n\n${DOCTOR_USAGE}\n`));
    else if (error instanceof ConfigError) process.stderr.write(redactEarly(`doctor: ${error.message}\n`));
    else throw error;
    return 2;
  }
  const redact = createRedactor([...secretsAsSet, ...config.secrets]);
  const target = config.service.mode === 'remote' ? withoutUserInfo(config.service.baseUrl) : 'no service configured';
  process.stdout.write(redact(`Research Desk doctor: ${target}\n\n`));
  const results = await runDoctor({ config, args });
  process.stdout.write(`${redact(renderReport(results))}\n`);
  return readyToGoLive(results) ? 0 : 1;
}

/** A base URL may carry a user and password; the report names the host only. */
function withoutUserInfo(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return url;
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

const redactSecrets = createRedactor(secretsAsSet);
main(redactSecrets).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(redactSecrets(`doctor: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`));
    process.exitCode = 1;
  },
);
