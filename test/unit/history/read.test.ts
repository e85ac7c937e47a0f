/** Reading the history: from a file (refused, never rewritten, when invalid) and from the live site's /history.json. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { fetchPublishedHistory, HistoryError, readHistoryFile, writeHistoryFile } from '../../../src/history/read.ts';
import { recordRun, shownState } from '../../../src/history/record.ts';
import { serializeHistory } from '../../../src/history/schema.ts';
import { loadDemoSnapshot } from '../../../src/snapshot/load.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const history = recordRun(undefined, shownState(demo.issues, demo.projects, parseRoadmapConfig({}).columns), demo.fetchedAt);
const text = serializeHistory(history);

describe('a history file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-file-'));

  it('is written atomically and reads back the same', async () => {
    const file = join(dir, 'state', 'history.json');
    await writeHistoryFile(file, history);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(serializeHistory(await readHistoryFile(file))).toBe(text);
  });

  it.each([
    ['empty', '', /is not valid JSON \(cut short\?\)/],
    ['cut short', text.slice(0, 200), /is not valid JSON \(cut short\?\)/],
    [
      'of another format',
      JSON.stringify({ format: 'portal-roadmap.snapshot', version: 2 }),
      /is not a portal-roadmap history \(format portal-roadmap\.history, version 1\): 7 problems \(all below\)\. .*\n {2}- format: /,
    ],
    // An issue or a project with no events has no latest event to date: the checks across fields are not made of it.
    [
      'with an issue of no events',
      text.replace(/"events":\[[^\]]*\]/, '"events":[]'),
      /: 1 problem \(below\)\. .*\n {2}- issues\.[^.]+\.events: Too small: expected array to have >=1 items$/,
    ],
    ['with a project of no events', text.replace(/("projects":\{"[^"]+":\{)"events":\[[^\]]*\]/, '$1"events":[]'), /\n {2}- projects\.[^.]+\.events: Too small/],
    ['with a title in it', text.replace('"events":[', '"title":"Dark mode","events":['), /unknown key "title"/],
    // Counts past what a portal can have: sums of them would no longer be exact.
    ['with a count of 2^60', text.replace(/"upvotes":\[(\d+),(\d+)\]/, `"upvotes":[$1,${2 ** 60}]`), /upvotes: each count must be a whole number from 0 to 1000000000/],
    // An event after the latest run recorded: a clock that was ahead, or an edit.
    ['with an event in the future', text.replace(/"at":"[^"]+"/, '"at":"9999-01-01T00:00:00.000Z"'), /events: has an event dated 9999-01-01T00:00:00\.000Z, after recordedAt/],
  ])('is refused when %s, naming the file and the fix in its first line, and is left as it was', async (_, content, reason) => {
    const file = join(dir, `bad-${Math.random()}.json`);
    writeFileSync(file, content);
    const error = await readHistoryFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryError);
    expect((error as Error).message).toMatch(reason);
    // The line the CLI prints after `error:`: the file, and the way on.
    const [first] = (error as Error).message.split('\n');
    expect(first).toContain(`The history file ${file} `);
    expect(first).toContain(`${file} was left as it is`);
    expect(first).toContain('--fresh-history');
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  // Every field of a valid history made empty, or of the wrong kind: refused with the reason, never a TypeError.
  const record = JSON.parse(text) as Record<string, unknown> & { issues: Record<string, Record<string, unknown>>; projects: Record<string, Record<string, unknown>> };
  const [issueId, issue] = Object.entries(record.issues)[0]!;
  const [projectId, project] = Object.entries(record.projects)[0]!;
  const broken = (path: string, value: unknown) => {
    const copy = structuredClone(record);
    if (path.startsWith('issue.')) copy.issues[issueId] = { ...issue, [path.slice(6)]: value };
    else if (path.startsWith('project.')) copy.projects[projectId] = { ...project, [path.slice(8)]: value };
    else copy[path] = value;
    return copy;
  };
  const fields = ['startedAt', 'recordedAt', 'issues', 'projects', 'left', 'issue.events', 'issue.upvotes', 'project.events'];
  // Valid as they are: no issues, no projects, no upvote samples.
  const valid = new Set(['issues {}', 'projects {}', 'issue.upvotes []']);
  const cases = fields.flatMap((field) => [[], {}, null, '', 0, [null], [{}]].map((value) => [field, JSON.stringify(value), value] as const));
  it.each(cases.filter(([field, shown]) => !valid.has(`${field} ${shown}`)))('is refused, not crashed on, when %s is %s', async (field, _, value) => {
    const file = join(dir, `malformed-${Math.random()}.json`);
    writeFileSync(file, JSON.stringify(broken(field, value)));
    const error = await readHistoryFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryError);
    expect((error as Error).message.split('\n')[0]).toContain(`${file} was left as it is`);
  });

  it('lists the first problems of a history with thousands, and counts the rest: one short message', async () => {
    // 5,000 issues of the wrong shape, one problem each (a live site's history of 85,000 made an error of 85,004 lines).
    const many = { ...record, issues: Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`issue-${index}`, { events: 'none', upvotes: [] }])) };
    const file = join(dir, 'many-problems.json');
    writeFileSync(file, JSON.stringify(many));
    const message = ((await readHistoryFile(file).catch((e: unknown) => e)) as Error).message;
    const lines = message.split('\n');
    expect(lines[0]).toContain('is not a portal-roadmap history (format portal-roadmap.history, version 1): 5,000 problems (the first 20 below).');
    expect(lines.slice(1)).toEqual([
      ...Array.from({ length: 20 }, (_, index) => `  - issues.issue-${index}.events: Invalid input: expected array, received string`),
      '  - and 4,980 more',
    ]);
  });

  it('cuts a listed problem whose path is an id of any length', async () => {
    const file = join(dir, 'long-id.json');
    writeFileSync(file, JSON.stringify({ ...record, issues: { ['x'.repeat(100_000)]: { events: 'none', upvotes: [] } } }));
    const message = ((await readHistoryFile(file).catch((e: unknown) => e)) as Error).message;
    expect(message.split('\n')[1]).toMatch(/^ {2}- issues\.x+… \(\d+ more characters\)$/);
    expect(message.length).toBeLessThan(2_000);
  });
});

describe('fetchPublishedHistory', () => {
  const SITE = 'https://roadmap.example.com/roadmap/';
  let agent: MockAgent;
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
  });
  afterEach(() => agent.close());
  const origin = () => agent.get('https://roadmap.example.com');
  const fetchIt = (options: { maxBytes?: number } = {}) => fetchPublishedHistory(SITE, { dispatcher: agent, ...options });

  it('reads and checks {site}/history.json under the base path', async () => {
    origin()
      .intercept({ path: '/roadmap/history.json', method: 'GET' })
      .reply(200, text, { headers: { 'content-type': 'application/json' } });
    expect(serializeHistory((await fetchIt())!)).toBe(text);
  });

  it('is undefined when the site answers 404 for it and at its own address: nothing is published there yet', async () => {
    origin().intercept({ path: '/roadmap/history.json' }).reply(404, '<h1>Not found</h1>');
    origin().intercept({ path: '/roadmap/' }).reply(404, '<h1>Not found</h1>');
    expect(await fetchIt()).toBeUndefined();
  });

  it('fails when the site answers at its address but 404 for its history: another site, or a mistyped path', async () => {
    origin().intercept({ path: '/roadmap/history.json' }).reply(404, '<h1>Not found</h1>');
    origin()
      .intercept({ path: '/roadmap/' })
      .reply(301, '', { headers: { location: '/roadmap/index.html' } });
    origin().intercept({ path: '/roadmap/index.html' }).reply(200, '<!doctype html><title>Docs</title>');
    const error = await fetchIt().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryError);
    expect((error as Error).message).toContain('Could not read the published history https://roadmap.example.com/roadmap/history.json: it answered 404');
    expect((error as Error).message).toContain('while the site answers at https://roadmap.example.com/roadmap/');
    expect((error as Error).message).toContain('--fresh-history');
  });

  it.each([503, 403, 500, 302])('fails when the site answers 404 for its history and %i at its own address: only a 404 there says nothing is published', async (status) => {
    origin().intercept({ path: '/roadmap/history.json' }).reply(404, '<h1>Not found</h1>');
    // A redirect with no address to follow is an answer that is not a 404 either.
    origin().intercept({ path: '/roadmap/' }).reply(status, 'Service Unavailable');
    const error = await fetchIt().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryError);
    expect((error as Error).message).toBe(
      "Could not read the published history https://roadmap.example.com/roadmap/history.json: it answered 404, and the site's address " +
        `https://roadmap.example.com/roadmap/ answered HTTP ${status}, not 404: nothing says the site is not there. ` +
        'Check ROADMAP_SITE (or `site` and `base` in roadmap.config.json) and that the site is up, then run again; ' +
        'or pass --fresh-history to start a new history (the published one is then replaced at the next publish).',
    );
  });

  it('fails, naming the URL and the way on in one line, on a history with an issue of no events', async () => {
    origin()
      .intercept({ path: '/roadmap/history.json' })
      .reply(200, text.replace(/"events":\[[^\]]*\]/, '"events":[]'));
    const error = await fetchIt().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryError);
    const [first, ...problems] = (error as Error).message.split('\n');
    expect(first).toMatch(/^The published history https:\/\/roadmap\.example\.com\/roadmap\/history\.json is not a portal-roadmap history .*--fresh-history/);
    expect(problems).toEqual([expect.stringMatching(/^ {2}- issues\.[^.]+\.events: Too small/)]);
  });

  it.each([
    ['a 500', () => origin().intercept({ path: '/roadmap/history.json' }).reply(500, 'oops'), 'the site answered HTTP 500'],
    ['an HTML page with 200', () => origin().intercept({ path: '/roadmap/history.json' }).reply(200, '<!doctype html><p>hi'), 'the answer is not JSON'],
    ['a document of the wrong shape', () => origin().intercept({ path: '/roadmap/history.json' }).reply(200, '{"format":"x"}'), 'is not a portal-roadmap history'],
    ['a network error', () => origin().intercept({ path: '/roadmap/history.json' }).replyWithError(new Error('getaddrinfo ENOTFOUND roadmap.example.com')), 'ENOTFOUND'],
  ])('fails on %s, naming the URL and the way out', async (_, reply, reason) => {
    reply();
    const error = await fetchIt().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryError);
    expect((error as Error).message).toContain('https://roadmap.example.com/roadmap/history.json');
    expect((error as Error).message).toContain(reason);
    expect((error as Error).message).toContain('--fresh-history');
  });

  it('refuses a body over the size cap, declared or not', async () => {
    origin()
      .intercept({ path: '/roadmap/history.json' })
      .reply(200, text, { headers: { 'content-length': String(text.length) } });
    await expect(fetchIt({ maxBytes: 1000 })).rejects.toThrow(`it is ${text.length} bytes, more than the 1000 a history can be`);
    origin().intercept({ path: '/roadmap/history.json' }).reply(200, text);
    await expect(fetchIt({ maxBytes: 1000 })).rejects.toThrow('more than the 1000 bytes a history can be');
  });

  it('follows a redirect within the site, and refuses one to another site, naming it', async () => {
    origin()
      .intercept({ path: '/roadmap/history.json' })
      .reply(301, '', { headers: { location: '/roadmap/v2/history.json' } });
    origin().intercept({ path: '/roadmap/v2/history.json' }).reply(200, text);
    expect(serializeHistory((await fetchIt())!)).toBe(text);
    origin()
      .intercept({ path: '/roadmap/history.json' })
      .reply(302, '', { headers: { location: 'https://evil.example/history.json' } });
    await expect(fetchIt()).rejects.toThrow('it redirects to another site, https://evil.example; if that is where the roadmap is served now, set ROADMAP_SITE to it');
  });
});
