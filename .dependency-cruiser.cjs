/**
 * Import rules of the layer map (README, "Layout"),
 * checked by `npm run lint:deps`, which `npm test` runs, so a new leak fails CI.
 * Type-aware (tsPreCompilationDeps): `import type` counts as a dependency and is marked
 * "type-only", which the rules for slack/blocks and slack/commands rely on.
 * Only src/ is cruised: test/, bench/ and scripts/ may import anything.
 * @see https://github.com/sverweij/dependency-cruiser/blob/main/doc/rules-reference.md
 */

/** The feature slices of src/slack/: each one folder, none importing another. */
const SLICES = 'research|financials|concepts|watch|agent|home|folders|install|mcp';

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
      name: 'schedules-not-slack-or-agent',
      comment: 'src/schedules/ (digest scheduling, watch polling: domain code without Bolt) imports service, store, observability: never src/slack/, src/slack-api/ or src/agent/.',
      severity: 'error',
      from: { path: '^src/schedules/' },
      to: { path: ['^src/slack/', '^src/slack-api/', '^src/agent/', '^src/emulators/'] },
    },
    {
      name: 'slices-never-import-each-other',
      comment:
        'A feature slice of src/slack/ imports the kit, the blocks and the layers below, never another slice (type-only imports included): ' +
        'what two slices share moves down into src/slack/kit/ or src/slack/blocks/. Only the composition root (src/slack/register-listeners.ts) wires slices together.',
      severity: 'error',
      from: { path: `^src/slack/(${SLICES})/` },
      to: { path: `^src/slack/(${SLICES})/`, pathNot: '^src/slack/$1/' },
    },
    {
      name: 'kit-below-the-slices',
      comment: 'src/slack/kit/ is what every slice shares: it never imports a slice, the composition root or the app shell.',
      severity: 'error',
      from: { path: '^src/slack/kit/' },
      to: { path: [`^src/slack/(${SLICES})/`, '^src/slack/register-listeners\\.ts$', '^src/slack/registration/', '^src/slack/app/'] },
    },
    {
      name: 'app-shell-imports-no-slice',
      comment: 'src/slack/app/ (the Bolt app shell: receiver, signatures, OAuth pages, health) knows no feature slice.',
      severity: 'error',
      from: { path: '^src/slack/app/' },
      to: { path: `^src/slack/(${SLICES})/` },
    },
    {
      name: 'blocks-import-only-types',
      comment: 'src/slack/blocks/ (primitives: limits, escaping, Markdown, card parts, data tables) is pure: from the rest of src/ it imports types only.',
      severity: 'error',
      from: { path: '^src/slack/blocks/' },
      // src/periods/ (the one period-label scheme), src/language/ (the answer's words) and src/charts/ (ChartData and its pure rules)
      // are leaves shared with the agent (which may not import src/slack/).
      to: { path: '^src/', pathNot: ['^src/slack/blocks/', '^src/periods/', '^src/language/', '^src/charts/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'blocks-know-no-kit-or-slice',
      comment: 'src/slack/blocks/ sits beneath the kit and the slices: not even a type comes from them.',
      severity: 'error',
      from: { path: '^src/slack/blocks/' },
      to: { path: [`^src/slack/(${SLICES})/`, '^src/slack/kit/', '^src/slack/app/'] },
    },
    {
      name: 'language-is-a-leaf',
      comment: 'src/language/ (the glossary of an answer\'s language) imports only src/periods/: the agent, the blocks and every slice may use it.',
      severity: 'error',
      from: { path: '^src/language/' },
      to: { path: '^src/', pathNot: ['^src/language/', '^src/periods/'] },
    },
    {
      name: 'figures-are-pure',
      comment:
        'src/figures/ (reading an agent report\'s figures and checking them against statements) imports only src/periods/ and src/language/, ' +
        'and the service\'s record types (type-only): the relay and the Slack cards both use it, so it knows neither.',
      severity: 'error',
      from: { path: '^src/figures/' },
      to: { path: '^src/', pathNot: ['^src/figures/', '^src/periods/', '^src/language/', '^src/service/types\\.ts$'] },
    },
    {
      name: 'figures-know-service-types-only',
      comment: 'src/figures/ reads records of the service\'s types; it never calls the service itself (a reader is passed in).',
      severity: 'error',
      from: { path: '^src/figures/' },
      to: { path: '^src/service/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-import-circles',
      comment: 'No import circle of any length, type-only imports included: every circle is a seam drawn in the wrong place.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
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
