/** src/release-notes/notes.ts: the words of a note's line of facts, which its page and its search record share. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseNoteMeta } from '../../../src/release-notes/notes.ts';
import { PROJECT_ROOT } from '../../support/build-site.ts';

const messages = (locale: string) => JSON.parse(readFileSync(join(PROJECT_ROOT, 'src/i18n/translations', `${locale}.json`), 'utf8'));

describe('releaseNoteMeta', () => {
  it("writes the date in the page's language, the version with its label and each tag's label", () => {
    const de = messages('de');
    const meta = releaseNoteMeta({ date: '2026-11-23', version: '2.4', tags: ['new', 'security'] }, de, 'de', {});
    expect(meta).toEqual({
      date: new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-11-23')).replace(/^(\d+\.) /, '$1\u00a0'),
      version: de.releaseVersion.replace('{version}', '2.4'),
      tags: [de.releaseTagNew, 'Security'],
    });
  });

  it("takes the team's own label for a tag, and leaves out a version the note has not", () => {
    const en = messages('en');
    expect(releaseNoteMeta({ date: '2026-03-01', tags: ['fixed', 'beta'] }, en, 'en', { beta: 'Early access' })).toMatchObject({
      version: undefined,
      tags: [en.releaseTagFixed, 'Early access'],
    });
  });
});
