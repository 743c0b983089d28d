/** What `npm start` prints once the playground is ready; its examples are run by test/e2e/app-examples.test.ts. */
export const PLAYGROUND_EXAMPLES = [
  '/research 茅台',
  '/financials US:NVDA',
  '/concepts',
  "@Research Desk what drives NVDA's margins?",
] as const;

export interface BannerFacts {
  playgroundUrl: string;
  demo: boolean;
  readyMs: number;
  appUrl: string;
}

export function playgroundBanner(facts: BannerFacts): string {
  const [research, financials, concepts, mention] = PLAYGROUND_EXAMPLES;
  return (
    `\nResearch Desk playground (demo data${facts.demo ? '' : ', real service'}) is ready in ${facts.readyMs} ms:\n\n  ${facts.playgroundUrl}\n\n` +
    `Try ${research}, ${financials}, ${concepts}, or "${mention}"\n` +
    `The app itself listens on ${facts.appUrl} (/healthz, /readyz). Ctrl+C stops.\n` +
    'The playground keeps its workspace, demo service and runs in DATA_DIR/playground; "Reset playground" in the workspace menu clears them.\n\n'
  );
}
