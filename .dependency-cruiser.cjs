/**
 * The layers of src/, checked by dependency-cruiser in `npm test` (`npm run lint:layers`):
 * - the pure core (config, portal, snapshot, history, shared, and src/site outside src/site/astro:
 *   the publish rule, i18n, the route data the pages render) imports nothing from Astro, nor from
 *   the layers above it;
 * - the command line (src/cli) and the content layer (src/content) sit on the core;
 * - the Astro layer (src/integration, src/routes, src/components, src/layouts, src/site/astro,
 *   src/client-scripts) on top of everything;
 * - no folder imports one that imports it back.
 * A broken rule fails with the rule's name and the import that breaks it.
 */
const CORE = '^src/(config|portal|snapshot|history|shared)/|^src/site/(?!astro/)';
const ASTRO_LAYER = '^src/(integration|routes|components|layouts|site/astro|client-scripts)/';

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
      name: 'core-imports-no-astro',
      severity: 'error',
      comment: 'The pure core runs in the command line and in unit tests, where there is no Astro: it must not import Astro or its virtual modules.',
      from: { path: CORE },
      to: {
        path: '^(astro|astro/.*|astro:.*|virtual:.*|@astrojs/.*)$',
        dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'core', 'unknown', 'undetermined', 'npm-no-pkg', 'npm-unknown'],
      },
    },
    {
      name: 'core-imports-no-layer-above',
      severity: 'error',
      comment: 'The core is imported by the layers above it, never the other way round.',
      from: { path: CORE },
      to: { path: `${ASTRO_LAYER}|^src/(cli|content)/` },
    },
    {
      name: 'cli-imports-no-astro-layer',
      severity: 'error',
      comment: 'The command line runs `astro build` as a child process; it never loads pages or the integration.',
      from: { path: '^src/cli/' },
      to: { path: ASTRO_LAYER },
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
