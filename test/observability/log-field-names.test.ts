/**
 * One name per log field, so one query finds every line: a caught error is logged as `error`,
 * never `err`; a request's or run's id as `correlationId`, never `correlation_id`
 * (src/observability/logger.ts). Reads the sources, so a new call site cannot drift.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every .ts file of the app (the emulators are not the app and keep their own conventions). */
function appSources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith('emulators'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** `{ err: x }`, `{ …, err }` or `err,` as an object key: how a log call passes a field. */
const ERR_KEY = /[{,]\s*err\s*[:,}]/;

describe('log field names', () => {
  const sources = appSources().map((file) => ({ file, text: readFileSync(path.join(SRC, file), 'utf8') }));

  it('logs caught errors as `error`', () => {
    const offending = sources.filter((s) => ERR_KEY.test(s.text)).map((s) => s.file);
    expect(offending).toEqual([]);
  });

  it('logs the correlation id as `correlationId`', () => {
    expect(sources.filter((s) => /\bcorrelation_id\b/.test(s.text)).map((s) => s.file)).toEqual([]);
  });
});
