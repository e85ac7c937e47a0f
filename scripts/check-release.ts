/**
 * `node scripts/check-release.ts --tag v0.3.0`: run by .github/workflows/release.yml before it publishes, and by a
 * maintainer before tagging (docs/releasing.md). Checks that the tag, package.json's version and CHANGELOG.md's
 * top entry agree; fails with one `error:` line naming the fix. In GitHub Actions it also writes npm's dist-tag
 * (`dist-tag=latest`, or `next` for a pre-release) to the step's outputs.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { runCommand } from '../src/cli/args.ts';
import { checkRelease } from './release/versions.ts';

const spec = {
  command: 'node scripts/check-release.ts',
  summary: "Checks that the release tag, package.json's version and CHANGELOG.md's top entry name the same version.",
  options: {
    tag: { type: 'string', value: 'TAG', description: 'the version tag, e.g. v0.3.0', default: process.env.GITHUB_REF_NAME ?? '' },
  },
} as const;

await runCommand(spec, async ({ tag }) => {
  const release = checkRelease(tag, readFileSync('package.json', 'utf8'), readFileSync('CHANGELOG.md', 'utf8'));
  console.log(`Release ${release.version}: the tag, package.json and CHANGELOG.md agree; npm dist-tag ${release.distTag}.`);
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `dist-tag=${release.distTag}\nversion=${release.version}\n`);
});
