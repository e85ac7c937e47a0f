// @ts-check
// The linter: ESLint with typescript-eslint and eslint-plugin-astro, run by `npm test` (`npm run lint`) with zero
// warnings allowed. Style (line breaks, quotes) is the formatters' business (`npm run format`), not the linter's.
// `npm run lint` runs ESLint on the .astro files only: the .ts and .js files are linted by oxlint with the same rules
// (.oxlintrc.json, made from this file by @oxlint/migrate), in a second instead of 8 to 12 CPU-seconds. Change a rule
// in both files: test/unit/lint-rules.test.ts fails when they differ. Editors that run ESLint on a .ts file get these
// rules from here.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'lib/', 'node_modules/', '.astro/', 'examples/*/node_modules/', 'examples/*/dist/', 'examples/*/.astro/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
    rules: {
      // Finding and removing control characters in text from the portal is what the sanitisers are for.
      'no-control-regex': 'off',
      // `_` names an argument a signature needs and the body does not.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Both test projects run their files one after the other in one worker (isolate: false, test/vitest.config.ts):
    // a module mock or a stubbed variable would leak into the files after it.
    files: ['test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'Test files share one worker (isolate: false): pass the value in as an argument instead of mocking a module or stubbing the environment.',
        })),
      ],
    },
  },
  // No source file over 400 lines (CONTRIBUTING.md): one that grows past it is split by concept.
  { files: ['src/**', 'scripts/**', 'bin/**'], rules: { 'max-lines': ['error', { max: 400 }] } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
);
