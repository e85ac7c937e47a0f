/**
 * Config values that used to build without a word (issue 12, item 6): a
 * shipped column that does not exist, a logo file that is not in public/,
 * finished statuses that miss the Shipped page, a custom column without a
 * heading. Each is an error or a warning that names the option and the fix.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configWarnings } from '../../../src/config/config-warnings.ts';
import { loadRoadmapConfig, parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { DEMO_DATA_WARNING, printWarnings, resolveSettings } from '../../../src/config/settings.ts';
import { configErrorMessage } from '../../support/config-error.ts';

const message = configErrorMessage;

function projectWith(config: unknown, publicFiles: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'roadmap-warnings-'));
  writeFileSync(join(dir, 'roadmap.config.json'), JSON.stringify(config));
  mkdirSync(join(dir, 'public'));
  for (const file of publicFiles) writeFileSync(join(dir, 'public', file), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

const column = (id: string, statuses: string[], extra: object = {}) => ({ id, label: id.toUpperCase(), statuses, ...extra });

describe('shipped.columns', () => {
  it('refuses a column id that no column has, naming the option and the ids there are', () => {
    const text = message(() => parseRoadmapConfig({ shipped: { columns: ['released'] } }));
    expect(text).toContain(
      'shipped.columns[0]: no column has the id "released": name the columns whose issues count as shipped, from: "backlog", "planned", "in-progress", "done" (unless set, shipped.columns is ["done"])',
    );
  });

  it('refuses a hidden column, whose issues are never published', () => {
    expect(message(() => parseRoadmapConfig({ shipped: { columns: ['done', 'canceled'] } }))).toContain('shipped.columns[1]: column "canceled" is hidden');
  });

  it('accepts the ids of configured columns', () => {
    expect(parseRoadmapConfig({ columns: [column('live', ['Done'])], shipped: { columns: ['live'] } }).shipped.columns).toEqual(['live']);
  });
});

describe('theme.logo and theme.socialImage under public/', () => {
  it('refuses a logo path that is not in public/, like a missing customCss', () => {
    const dir = projectWith({ theme: { logo: '/logo.svg' } });
    const text = message(() => loadRoadmapConfig(dir));
    expect(text).toContain(`theme.logo: "/logo.svg" is served from public/, but ${join(dir, 'public', 'logo.svg')} does not exist`);
  });

  it('refuses a missing social image the same way', () => {
    expect(message(() => loadRoadmapConfig(projectWith({ theme: { socialImage: '/og.png' } })))).toContain('theme.socialImage: "/og.png" is served from public/');
  });

  it('accepts a logo that is there, and an https URL it cannot check', () => {
    expect(loadRoadmapConfig(projectWith({ theme: { logo: '/logo.svg' } }, ['logo.svg'])).theme.logo).toBe('/logo.svg');
    expect(loadRoadmapConfig(projectWith({ theme: { logo: 'https://cdn.example.com/logo.svg' } })).theme.logo).toBe('https://cdn.example.com/logo.svg');
  });
});

describe('configWarnings', () => {
  it('has nothing to say about the defaults', () => {
    expect(configWarnings(parseRoadmapConfig({}))).toEqual([]);
  });

  it('warns when custom columns leave "Done" unmapped, so the Shipped page would be empty', () => {
    const config = parseRoadmapConfig({ columns: [column('todo', ['Todo']), column('doing', ['In Progress'])], shipped: { columns: ['doing'] } });
    const warnings = configWarnings(config);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^columns: no column lists "Done" or another finished status \(done, completed, complete, shipped, released, closed\)\./);
    expect(warnings[0]).toContain('Add "Done" (or your tracker\'s word for it) to the statuses of the column named in shipped.columns');
  });

  it('warns when a finished status sits in a column the Shipped page does not read', () => {
    const config = parseRoadmapConfig({ columns: [column('todo', ['Todo']), column('finished', ['Done', 'Released']), column('live', ['Live'])], shipped: { columns: ['live'] } });
    expect(configWarnings(config)).toEqual([
      'shipped.columns: column "finished" lists the finished statuses "Done", "Released", but shipped.columns (live) does not name it, so those issues stay off the Shipped page. Add "finished" to shipped.columns, or ignore this if it is meant.',
    ]);
  });

  it('says nothing of finished statuses in a hidden column (kept off the site on purpose)', () => {
    const config = parseRoadmapConfig({ columns: [column('done', ['Done']), column('archive', ['Closed'], { hidden: true })] });
    expect(configWarnings(config)).toEqual([]);
  });

  it('suggests a label for a custom column id, and not for the default ids, which are translated', () => {
    const config = parseRoadmapConfig({
      columns: [
        { id: 'in-qa', statuses: ['QA'] },
        { id: 'done', statuses: ['Done'] },
      ],
    });
    expect(configWarnings(config)).toEqual(['columns[0].label: column "in-qa" has no label, so its heading reads "in-qa". Add a heading, e.g. "label": "In qa".']);
  });
});

describe('the warnings channel', () => {
  it('resolveSettings collects the warnings of the config file', () => {
    const dir = projectWith({ columns: [{ id: 'qa', statuses: ['QA'] }, column('done', ['Done'])] });
    // With no portal variables, a project of its own builds the demo: said first.
    expect(resolveSettings(dir, {}).warnings).toEqual([
      DEMO_DATA_WARNING,
      'columns[0].label: column "qa" has no label, so its heading reads "qa". Add a heading, e.g. "label": "Qa".',
    ]);
  });

  it('the CLIs print each as a warning line', () => {
    const lines: string[] = [];
    printWarnings({ warnings: ['a: fix it', 'b: fix that'] }, (line) => lines.push(line));
    expect(lines).toEqual(['warning: a: fix it', 'warning: b: fix that']);
  });
});
