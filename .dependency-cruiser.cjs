/**
 * Import rules of the layer map (README, "Layout"),
 * checked by `npm run lint:deps`, which `npm test` runs, so a new leak fails CI.
 * Type-aware (tsPreCompilationDeps): `import type` counts as a dependency and is marked
 * "type-only", which the rules for slack/blocks and slack/commands rely on.
 * Only src/ is cruised: test/, bench/ and scripts/ may import anything.
 * @see https://github.com/sverweij/dependency-cruiser/blob/main/doc/rules-reference.md
 */

/** An area: a folder under src/, where each sub-folder of src/slack/ counts as its own area. */
const AREA = '^src/(slack/[^/]+|[^/]+)(/|$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'service-imports-only-observability',
      comment: 'src/service/ (the research-service client) imports nothing of ours but src/observability/.',
      severity: 'error',
      from: { path: '^src/service/' },
      to: { path: '^src/', pathNot: ['^src/service/', '^src/observability/'] },
    },
    {
      name: 'store-imports-only-observability',
      comment: 'src/store/ imports nothing of ours above it: only src/observability/.',
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: '^src/', pathNot: ['^src/store/', '^src/observability/'] },
    },
    {
      name: 'only-store-builds-store-keys',
      comment: 'Key names and TTLs live in src/store/keys.ts; only src/store/ may import it (ask a domain store instead).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/store/' },
      to: { path: '^src/store/keys\\.ts$' },
    },
    {
      name: 'slack-api-imports-only-store-observability',
      comment: 'src/slack-api/ (low-level Web API layer) imports only src/store/ and src/observability/.',
      severity: 'error',
      from: { path: '^src/slack-api/' },
      to: { path: '^src/', pathNot: ['^src/slack-api/', '^src/store/', '^src/observability/'] },
    },
    {
      name: 'secrets-import-nothing-of-ours',
      comment: 'src/secrets/ (the secret box) imports only node:crypto: nothing of ours.',
      severity: 'error',
      from: { path: '^src/secrets/' },
      to: { path: '^src/', pathNot: '^src/secrets/' },
    },
    {
      name: 'workspaces-below-slack',
      comment: 'src/workspaces/ (each workspace’s clients) imports service, store, observability: never src/slack/, src/agent/ or the emulators.',
      severity: 'error',
      from: { path: '^src/workspaces/' },
      to: { path: '^src/', pathNot: ['^src/workspaces/', '^src/service/', '^src/store/', '^src/observability/'] },
    },
    {
      name: 'charts-import-nothing-of-ours',
      comment: 'src/charts/ (ChartData → SVG → PNG) is pure: it imports only libraries, nothing else of ours.',
      severity: 'error',
      from: { path: '^src/charts/' },
      to: { path: '^src/', pathNot: '^src/charts/' },
    },
    {
      name: 'agent-not-slack-or-emulators',
      comment: 'The relay knows a writer interface, never Bolt or Block Kit rendering: src/agent/ never imports src/slack/ or the emulators.',
      severity: 'error',
      from: { path: '^src/agent/' },
      to: { path: ['^src/slack/', '^src/emulators/'] },
    },
    {
      name: 'digest-not-slack-or-agent',
      comment: 'src/digest/ (subscriptions, scheduler) imports service, store, observability: never src/slack/, src/slack-api/ or src/agent/.',
      severity: 'error',
      from: { path: '^src/digest/' },
      to: { path: ['^src/slack/', '^src/slack-api/', '^src/agent/', '^src/emulators/'] },
    },
    {
      name: 'watch-not-slack-or-agent',
      comment: 'src/watch/ (watch poller) imports service, store, digest, observability: never src/slack/, src/slack-api/ or src/agent/.',
      severity: 'error',
      from: { path: '^src/watch/' },
      to: { path: ['^src/slack/', '^src/slack-api/', '^src/agent/', '^src/emulators/'] },
    },
    {
      name: 'slack-watch-not-agent-or-listeners',
      comment: 'src/slack/watch/ imports slack-api, slack/blocks, slack/digest, watch, store: never src/agent/ or src/slack/listeners/.',
      severity: 'error',
      from: { path: '^src/slack/watch/' },
      to: { path: ['^src/agent/', '^src/slack/listeners/'] },
    },
    {
      name: 'blocks-import-only-types',
      comment: 'src/slack/blocks/ renderers are pure: from the rest of src/ they import types only.',
      severity: 'error',
      from: { path: '^src/slack/blocks/' },
      // src/slack/text/ is a leaf of pure text helpers (sanitising, Slack entities) shared with commands;
      // src/periods/ the one period-label scheme, a leaf shared with the agent (which may not import src/slack/).
      to: { path: '^src/', pathNot: ['^src/slack/blocks/', '^src/slack/text/', '^src/periods/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'commands-import-only-types-from-blocks',
      comment: 'src/slack/commands/ parsers take only types from src/slack/blocks/ (shared constants belong in a module both import).',
      severity: 'error',
      from: { path: '^src/slack/commands/' },
      to: { path: '^src/slack/blocks/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'slack-digest-not-agent-or-listeners',
      comment: 'src/slack/digest/ imports slack-api, slack/blocks, digest, store, service: never src/agent/ or src/slack/listeners/.',
      severity: 'error',
      from: { path: '^src/slack/digest/' },
      to: { path: ['^src/agent/', '^src/slack/listeners/'] },
    },
    {
      name: 'emulators-import-nothing-of-the-app',
      comment: 'The emulators are products of their own: they import nothing from the app.',
      severity: 'error',
      from: { path: '^src/emulators/' },
      to: { path: '^src/', pathNot: '^src/emulators/' },
    },
    {
      name: 'app-imports-no-emulator',
      comment: 'The app imports nothing from the emulators; only the playground wiring (src/playground/) starts them.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/emulators/', '^src/playground/'] },
      to: { path: '^src/emulators/' },
    },
    {
      name: 'production-start-loads-no-playground-or-redis',
      comment:
        'A start with real Slack and a real service (no REDIS_URL) must not load the emulators or ioredis: main.ts imports the playground, and the store factory the Redis store, only by dynamic import() when used.',
      severity: 'error',
      from: { path: ['^src/main\\.ts$', '^src/store/create-state-store\\.ts$'] },
      to: { path: ['^src/playground/', '^src/store/redis-state-store\\.ts$'], dependencyTypesNot: ['type-only', 'dynamic-import'] },
    },
    {
      name: 'only-main-starts-the-playground',
      comment: 'The playground is wired in at start-up only: src/main.ts is its one importer.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/playground/', '^src/main\\.ts$'] },
      to: { path: '^src/playground/' },
    },
    {
      name: 'no-cycles-between-areas',
      comment:
        'Imports point one way between areas (a folder of src/, or of src/slack/): no folder-level import cycle may leave its area. ' +
        'A cycle inside one area (e.g. between sub-folders of src/slack/listeners/) is allowed.',
      severity: 'error',
      scope: 'folder',
      from: { path: AREA },
      to: { circular: true, pathNot: '^src/$1(/|$)' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    includeOnly: '^(src|test|bench|scripts)/',
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
