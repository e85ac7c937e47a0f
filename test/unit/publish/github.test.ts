import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeGithubFailure } from '../../../src/publish/github.ts';

describe('writeGithubFailure', () => {
  it("puts the error line in the step summary, fenced so the portal's text cannot end the fence", async () => {
    const summary = join(mkdtempSync(join(tmpdir(), 'summary-')), 'summary.md');
    writeFileSync(summary, '');
    await writeGithubFailure({ GITHUB_STEP_SUMMARY: summary }, 'The portal said ```` # heading');
    expect(readFileSync(summary, 'utf8')).toBe('### Roadmap: the rebuild failed, the live site is unchanged\n\n`````text\nerror: The portal said ```` # heading\n`````\n\n');
  });

  it('writes nothing outside GitHub Actions', async () => {
    await expect(writeGithubFailure({}, 'x')).resolves.toBeUndefined();
  });
});
