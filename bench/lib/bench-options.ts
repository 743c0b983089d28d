/** Command-line options the benchmarks share; `npm run bench` passes its argv through to each. */

/** The argument after `name` on the command line, if `name` is there. */
export function flagValue(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

/** `--baseline <git-rev>` or BENCH_BASELINE: another revision ("today's code") to measure in the same run. */
export function baselineRevision(argv: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  return flagValue(argv, '--baseline') ?? (env.BENCH_BASELINE || undefined);
}
