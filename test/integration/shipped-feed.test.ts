/**
 * The shipped feed of the demo fixture, as an RSS-to-e-mail service reads it: one item per shipped issue, each
 * with the issue's whole summary and description, and an id that is the issue page's anchor of the step that
 * shipped it (so it is the same in every build, and leads to that step), and one per release note of the demo
 * (src/data/demo/releases/, English). Expected counts come from the demo workspace's own files; summaries from
 * roadmap.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, inject, it } from 'vitest';
import { readPage } from '../support/build-site.ts';

const outDir = inject('fixtures').demo.outDir;
const demo = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/data/demo/portal.json'), 'utf8')) as {
  issues: { id: string; status: string; isVisible: boolean; isDeleted: boolean }[];
};
/** The demo's shipped issues: visible, not deleted, in the portal's "Done" status (the default `done` column). */
const shipped = demo.issues.filter((issue) => issue.isVisible && !issue.isDeleted && issue.status === 'Done').map((issue) => issue.id);
const exported = JSON.parse(readFileSync(join(outDir, 'roadmap.json'), 'utf8')) as { issues: { id: string; url: string; summary: string[]; descriptionHtml: string }[] };
const exportedById = new Map(exported.issues.map((issue) => [issue.id, issue]));

/** The demo's English release notes' pages (the other versions are in de/). */
const notePages = readdirSync(join(import.meta.dirname, '../../src/data/demo/releases'))
  .filter((file) => file.endsWith('.md'))
  .map((file) => `https://roadmap.example.com/releases/${file.slice(0, -'.md'.length)}/`);
const isNote = (link: string) => new URL(link).pathname.startsWith('/releases/');

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['item', 'entry', 'category'].includes(name) });
const xml = (file: string) => parser.parse(readFileSync(join(outDir, file), 'utf8'));

/** The issue id of a shipped-feed link: the page's URL is the export's `url`, the anchor follows. */
function issueOf(link: string): { id: string; anchor: string } {
  const [page, anchor = ''] = link.split('#');
  const issue = exported.issues.find((entry) => entry.url === page);
  expect(issue, link).toBeDefined();
  return { id: issue!.id, anchor };
}

describe('/shipped/rss.xml', () => {
  const all = xml('shipped/rss.xml').rss.channel.item as { title: string; link: string; guid: { '#text': string }; description?: string; 'content:encoded'?: string }[];
  const items = all.filter((item) => !isNote(item.link));

  it('has one item per shipped issue, each linking to the step on its page that shipped it, and one per release note', () => {
    expect(
      all
        .filter((item) => isNote(item.link))
        .map((item) => item.link)
        .sort(),
    ).toEqual([...notePages].sort());
    expect(shipped).toHaveLength(14);
    expect(items.map((item) => issueOf(item.link).id).sort()).toEqual([...shipped].sort());
    expect(new Set(items.map((item) => item.guid['#text'])).size).toBe(items.length);
    for (const item of items) {
      const { id, anchor } = issueOf(item.link);
      expect(item.guid['#text']).toBe(item.link);
      expect(anchor).toMatch(/^event-(moved|seen|back)-/);
      expect(readPage(outDir, `${new URL(exportedById.get(id)!.url).pathname.slice(1)}index.html`).getElementById(anchor), item.link).not.toBeNull();
    }
  });

  it("carries each issue's whole summary and its description", () => {
    for (const item of items) {
      const issue = exportedById.get(issueOf(item.link).id)!;
      // The parser trims the ends of a text.
      expect(item.description ?? '').toBe(issue.summary.join('\n').trim());
      expect(item['content:encoded'] ?? '').toBe(issue.descriptionHtml.trim());
    }
    expect(items.filter((item) => item['content:encoded']).length).toBeGreaterThan(0);
  });

  it('is announced on the shipped page, with the Atom one', () => {
    const page = readPage(outDir, 'shipped/index.html');
    expect([...page.querySelectorAll('link[rel="alternate"]')].map((link) => link.getAttribute('href'))).toEqual(expect.arrayContaining(['/shipped/rss.xml', '/shipped/atom.xml']));
    expect(page.querySelector('a[href="/shipped/rss.xml"]')).not.toBeNull();
  });
});

describe('/shipped/atom.xml', () => {
  const feed = xml('shipped/atom.xml').feed as { entry: { id: string; summary?: string; content?: { '#text': string; '@_type': string } }[] };
  const rssLinks = (xml('shipped/rss.xml').rss.channel.item as { link: string }[]).map((item) => item.link);

  it('has the same items, with the same ids, the summary as text and the description as HTML', () => {
    expect(feed.entry.map((entry) => entry.id)).toEqual(rssLinks);
    for (const entry of feed.entry.filter((candidate) => !isNote(candidate.id))) {
      const issue = exportedById.get(issueOf(entry.id).id)!;
      expect(entry.summary ?? '').toBe(issue.summary.join('\n').trim());
      if (issue.descriptionHtml) expect(entry.content).toEqual({ '#text': issue.descriptionHtml.trim(), '@_type': 'html' });
    }
  });
});
