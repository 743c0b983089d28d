/**
 * What a benchmark reads from its command line; `npm run bench -- --baseline <git-rev>` passes its
 * arguments through to every benchmark (bench/run-all.ts).
 */

/** The word after `name` in argv, if `name` is there. */
export function flagValue(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

/** The revision to measure next to this tree in the same run ("today's code"): `--baseline <git-rev>`, or BENCH_BASELINE. */
export function baselineRevision(argv: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  return flagValue(argv, '--baseline') ?? (env.BENCH_BASELINE || undefined);
}
