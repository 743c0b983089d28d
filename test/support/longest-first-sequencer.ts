/**
 * Runs the longest suites first: the chaos tier and crash tests, then the e2e, integration and unit tiers. On a clean
 * clone vitest has no duration cache and orders files by size, which can start a 90-second crash
 * test last and leave one worker busy while the other idles. Within a rank vitest's own order
 * (cached duration, then size) is kept.
 * @see https://vitest.dev/config/#sequence-sequencer
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const TIER_RANK: Readonly<Record<string, number>> = { chaos: 0, e2e: 1, integration: 2, unit: 3 };

function rank(spec: TestSpecification): number {
  const crash = /crash[^/]*\.test\.ts$/.test(spec.moduleId) ? 0 : 1;
  return crash === 0 ? 0 : (TIER_RANK[spec.project.name] ?? 4);
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    return byVitest
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
