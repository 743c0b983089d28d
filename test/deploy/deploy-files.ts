/**
 * The deployment files as data, for the deploy tests: docker-compose.yml, the Kubernetes
 * manifests, .env.example and the Dockerfile's runtime stage, parsed once from the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parseAllDocuments } from 'yaml';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const KUBERNETES_DIR = path.join(ROOT, 'deploy/kubernetes');

export function readText(relative: string): string {
  return readFileSync(path.join(ROOT, relative), 'utf8');
}

/** Every document of a YAML file; a syntax error fails the test with the file's name. */
export function readYamlDocuments(relative: string): unknown[] {
  const documents = parseAllDocuments(readText(relative));
  const docs = Array.isArray(documents) ? documents : [documents];
  for (const doc of docs) {
    if (doc.errors.length > 0) throw new Error(`${relative}: ${doc.errors.map((e) => e.message).join('; ')}`);
  }
  return docs.map((doc) => doc.toJS()).filter((value) => value !== null && value !== undefined);
}

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

export interface ManifestFile {
  file: string;
  objects: KubernetesObject[];
}

/** Every YAML file under deploy/kubernetes/, kustomization.yaml included. */
export function readKubernetesFiles(): ManifestFile[] {
  return readdirSync(KUBERNETES_DIR)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => ({ file: name, objects: readYamlDocuments(`deploy/kubernetes/${name}`) as KubernetesObject[] }));
}

/** The one object of a kind among the manifests (kustomization.yaml aside). */
export function findObject<T = KubernetesObject>(files: ManifestFile[], kind: string): T {
  const found = files.flatMap((f) => f.objects).filter((o) => o.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind} in deploy/kubernetes/, found ${found.length}`);
  return found[0] as T;
}

/** .env.example as the app would see it, and the variable names in the order written (repeats kept). */
export function readEnvExample(): { env: Record<string, string>; names: string[] } {
  const text = readText('.env.example');
  const names = text
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
  return { env: parseEnv(text) as Record<string, string>, names };
}

/** The runtime stage of the Dockerfile: its ENV values and EXPOSEd ports. */
export function readDockerfileRuntime(): { env: Record<string, string>; exposed: number[] } {
  const text = readText('Dockerfile').replace(/\\\n/g, ' ');
  const stages = text.split(/^FROM /m);
  const runtime = stages.at(-1) ?? '';
  const env: Record<string, string> = {};
  const exposed: number[] = [];
  for (const line of runtime.split('\n')) {
    const envLine = /^ENV\s+(.*)$/.exec(line)?.[1];
    if (envLine) for (const [, name, value] of envLine.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[name as string] = value as string;
    const expose = /^EXPOSE\s+(.*)$/.exec(line)?.[1];
    if (expose) exposed.push(...expose.split(/\s+/).map((p) => Number.parseInt(p, 10)));
  }
  return { env, exposed };
}

/** Compose's durations (`30s`, `1m30s`, `1h`) in ms. @see https://github.com/compose-spec/compose-spec/blob/main/11-extension.md#specifying-durations */
export function composeDurationMs(duration: string): number {
  const units: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let rest = duration.trim();
  while (rest.length > 0) {
    const match = /^(\d+(?:\.\d+)?)(us|ms|s|m|h)/.exec(rest);
    if (!match) throw new Error(`not a compose duration: ${duration}`);
    total += Number(match[1]) * (units[match[2] as string] as number);
    rest = rest.slice(match[0].length);
  }
  return total;
}
