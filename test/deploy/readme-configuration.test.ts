/** README's configuration table documents every variable the app (or the OpenTelemetry SDK) reads, and no other. */
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/config/load-config.js';
import { readText } from './deploy-files.js';
import { SDK_VARIABLES } from './sdk-variables.js';

/** The variables in the first column of the table under `## Configuration`. */
function documentedVariables(readme: string): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Configuration')) ?? '';
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1] as string);
}

describe('README, Configuration', () => {
  it('has one row per variable the app reads', () => {
    const documented = documentedVariables(readText('README.md'));
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES, ...SDK_VARIABLES].sort());
  });
});
