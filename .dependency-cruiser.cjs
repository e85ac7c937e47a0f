/**
 * The layers of src/, checked by dependency-cruiser in `npm test` (`npm run lint:layers`), lowest first:
 * - the pure core (CORE below: the portal client, the snapshot, the config, the history, what the site shows,
 *   the view, the feeds, the exports, hosting, fingerprints, description rendering, i18n, share cards, a team's
 *   SVGs, shared)
 *   imports nothing from Astro (ASTRO: by package name, `astro`, `@astrojs/*`, `astro:*`, `virtual:*`, and any
 *   `.astro` component; `astro/zod` is zod itself, re-exported) and nothing from the layers above it;
 * - the publish pipeline and the command line (PIPELINE: src/publish, src/notify, src/cli) sit on the core and
 *   run `astro build` as a child process: they never load pages, route data or the integration;
 * - the Astro layer (ASTRO_LAYER) on top of everything; in it, pages (routes, components, layouts) read the
 *   collections through route data, nothing imports a route, and the client scripts import only the core;
 * - no folder, at any depth, imports one that imports it back.
 * dependency-cruiser cannot read `.astro` files (it has no transpiler for them): test/unit/layers.test.ts reads
 * their imports with Astro's compiler and holds them to these same rules, read from this file. A broken rule fails
 * with the rule's name and the import that breaks it.
 */
const CORE = '^src/(config|portal|snapshot|history|shared|i18n|shown|descriptions|view|theme|release-notes|search|feeds|exports|hosting|fingerprint|share-cards|team-svg)/';
const PIPELINE = '^src/(publish|notify|cli)/';
const ASTRO_LAYER = '^src/(integration|route-data|routes|components|layouts|client-scripts|content)/';
/**
 * Astro by package name, resolved (node_modules/astro/…) or not (astro:content, virtual:…), and any `.astro` file
 * (compiled, it imports Astro's runtime). Allowed by name:
 * astro/zod (zod itself, re-exported) and @astrojs/rss (a plain RSS writer on zod and fast-xml-parser, which the
 * feeds' text is made with in the command line as in a build).
 */
const ASTRO = '(^|/)node_modules/(astro|@astrojs/[^/]+)/|^(astro|astro/.*|astro:.*|virtual:.*|@astrojs/.*)$|\\.astro$';
const ALLOWED_BY_NAME = '(^|/)node_modules/astro/[^/]+/zod\\.|^astro/zod$|(^|/)node_modules/@astrojs/rss/|^@astrojs/rss$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other back (directly or through others) cannot be read, tested or moved one at a time.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'No folder imports one that imports it back: each folder is a layer or a domain that can be read on its own.',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-astro-below-the-astro-layer',
      severity: 'error',
      comment:
        'The pure core runs in the command line and in unit tests, and the pipeline and the command line on plain Node before any Astro is loaded: neither may import Astro or its virtual modules.',
      from: { path: `${CORE}|${PIPELINE}` },
      to: { path: ASTRO, pathNot: ALLOWED_BY_NAME },
    },
    {
      name: 'core-imports-no-layer-above',
      severity: 'error',
      comment: 'The core is imported by the layers above it, never the other way round.',
      from: { path: CORE },
      to: { path: `${ASTRO_LAYER}|${PIPELINE}` },
    },
    {
      name: 'pipeline-imports-no-astro-layer',
      severity: 'error',
      comment: 'The publish pipeline and the command line run `astro build` as a child process; they never load pages, route data or the integration.',
      from: { path: PIPELINE },
      to: { path: ASTRO_LAYER },
    },
    {
      name: 'nothing-imports-routes',
      severity: 'error',
      comment: 'Routes are entry points Astro loads by their file path (src/integration/routes.ts); what two routes share belongs in route data, a component or a layout.',
      from: { path: '^src/' },
      to: { path: '^src/routes/' },
    },
    {
      name: 'pages-read-collections-through-route-data',
      severity: 'error',
      comment: 'Routes, components and layouts read the snapshot through src/route-data/, the one reader of the collections, so what a page shows is tested without a build.',
      from: { path: '^src/(routes|components|layouts)/' },
      to: { path: '^src/content/|^astro:content$' },
    },
    {
      name: 'client-scripts-import-only-the-core',
      severity: 'error',
      comment: 'The client scripts are bundled into the JS sent to browsers, where there is no Astro, no build and no command line.',
      from: { path: '^src/client-scripts/' },
      to: { path: `${ASTRO_LAYER}|${PIPELINE}|${ASTRO}`, pathNot: '^src/client-scripts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/data/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'], extensions: ['.ts', '.js', '.mjs', '.json', '.astro'] },
  },
};
