import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from './machine.js';

const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** Writes bench/results/<name>.json with the figures, the parameters and the machine. */
export async function writeResults(
  name: string,
  body: { parameters: Record<string, unknown>; figures: unknown; notes?: string[] },
): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const record = { benchmark: name, measuredAt: new Date().toISOString(), machine: describeMachine(), ...body };
  await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}
