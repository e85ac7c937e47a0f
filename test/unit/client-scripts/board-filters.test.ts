// @vitest-environment jsdom
/**
 * The filter island in a DOM, with a stubbed index: whatever the index holds
 * ends up as text and safe URLs, never as markup; without an index it falls
 * back to the cards on the page; and it fetches nothing until a filter is on.
 * (The real thing, in Chromium over a real build: test/browser/board-index.test.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoardIndex } from '../../../src/exports/board-index.ts';
import en from '../../../src/i18n/translations/en.json' with { type: 'json' };
import ar from '../../../src/i18n/translations/ar.json' with { type: 'json' };
import fr from '../../../src/i18n/translations/fr.json' with { type: 'json' };
import ja from '../../../src/i18n/translations/ja.json' with { type: 'json' };

const HOSTILE = '<img src=x onerror="window.pwned=1">';

/**
 * The markup Filters.astro (with its card template, CardTemplate.astro) and Column.astro give a board with one column
 * and two cards, in English, Arabic, French or Japanese (the translation files); with `team: false`, as on a site that
 * hides `team`, no team filter; with `voteLink`, the cards' votes are a link (a site with a `voteUrl`), named
 * "Vote for {title}, {upvotes}".
 */
type Language = 'en' | 'ar' | 'fr' | 'ja';
function page(language: Language, { team = true, voteLink = false } = {}): void {
  const t = { en, ar, fr, ja }[language];
  const votes = voteLink
    ? '<a class="votes upvotes vote-link" href="https://portal.example.com/vote/A"><span class="visually-hidden">Vote for A, </span><span class="vote-arrow" aria-hidden="true">▲</span><span aria-hidden="true">5</span><span class="visually-hidden upvote-count">5 upvotes</span></a>'
    : '<span class="votes upvotes"><span class="vote-arrow" aria-hidden="true">▲</span><span aria-hidden="true">5</span><span class="visually-hidden upvote-count">5 upvotes</span></span>';
  const labels = {
    showing: t.showingCount,
    issueCount: t.issueCount,
    upvoteCount: t.upvoteCount,
    showAll: t.showAll,
    labelValue: t.labelValue,
    noIssues: t.noIssues,
    voteFor: t.voteFor,
    commaSeparated: t.commaSeparated,
    page: t.page,
    previousPage: t.previousPage,
    nextPage: t.nextPage,
  };
  document.documentElement.lang = language;
  document.body.innerHTML = `
    <form data-filters data-index="/board-index.json" data-issue-href="/issues/" data-project-href="/projects/" data-plural-language="${language}"
      data-labels='${JSON.stringify(labels).replaceAll("'", '&#39;')}'>
      ${team ? `<select id="filter-team" name="team"><option value="">All</option><option value="Web">Web</option><option value="${HOSTILE.replaceAll('"', '&quot;')}">x</option></select>` : ''}
      <select id="filter-sort" name="sort"><option value="">Team's order</option><option value="upvotes">Most upvoted</option></select>
      <p data-filter-status>Showing 3 of 3 issues</p>
    </form>
    <section class="column" data-column="done" data-label="Shipped" data-href="/status/done/" data-limit="2" data-more>
      <h3 class="column-title">Shipped <span class="count"><span aria-hidden="true">(<span data-count>3</span>)</span><span class="visually-hidden" data-count-label>3 issues</span></span></h3>
      <ul class="cards">
        <li class="card" data-card data-team="Web" data-project="" data-order="0" data-upvotes="5" data-importance="0" data-updated="0"><h4 class="card-title"><a href="/issues/a/">A</a></h4></li>
        <li class="card" data-card data-team="Mobile" data-project="" data-order="1" data-upvotes="9" data-importance="0" data-updated="0"><h4 class="card-title"><a href="/issues/b/">B</a></h4></li>
      </ul>
      <p class="more"><a href="/status/done/">Show all 3</a></p>
    </section>
    <template data-card-template><li class="card" data-card data-team="Web" data-project="p" data-order="0" data-upvotes="5" data-importance="0" data-updated="0"><h4 class="card-title"><a href="/issues/a/"><bdi>A</bdi></a></h4><p class="card-summary"><bdi>Summary</bdi></p><p class="card-meta"><a class="project-chip project-p" href="/projects/p/"><span class="visually-hidden">${t.project}: </span><bdi>P</bdi></a><span class="team"><span class="visually-hidden">${t.team}: </span><bdi>Web</bdi></span>${votes}</p></li></template>`;
}

async function island(search: string, index: (url: string) => Promise<Response>, language: Language = 'en', markup: { team?: boolean; voteLink?: boolean } = {}) {
  vi.resetModules();
  history.replaceState(null, '', `/${search}`);
  page(language, markup);
  const fetch = vi.fn(index);
  vi.stubGlobal('fetch', fetch);
  await import('../../../src/client-scripts/board-filters-loader.ts');
  return fetch;
}
const settled = () => vi.waitFor(() => expect(document.querySelector('[data-filters]')!.getAttribute('aria-busy')).toBeNull(), { timeout: 60_000 });
const choose = (name: string, value: string) => {
  const select = document.querySelector<HTMLSelectElement>(`[name="${name}"]`)!;
  select.value = value;
  select.form!.dispatchEvent(new Event('change'));
};
const json = (body: unknown) => async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the filter island', () => {
  it('fetches nothing at load without a filter, and the index once a filter is chosen', async () => {
    const index: BoardIndex = { v: 1, teams: ['Web'], projects: [], columns: [{ id: 'done', issues: [['a', 'A', '', 0, -1, 5, 0, 0]] }] };
    const fetch = await island('', json(index));
    expect(fetch).not.toHaveBeenCalled();
    choose('team', 'Web');
    await settled();
    expect(fetch.mock.calls.map((call) => call[0])).toEqual(['/board-index.json']);
    // One issue is "1 issue", in the status line and the column's count alike: never "(1 issues)".
    expect(document.querySelector('[data-filter-status]')!.textContent).toBe('Showing 1 of 1 issue');
    expect(document.querySelector('[data-count-label]')!.textContent).toBe('1 issue');
  });

  it("says counts with the plural forms of the page's language", async () => {
    const rows: BoardIndex['columns'][0]['issues'] = [
      ['a', 'A', '', 0, -1, 5, 0, 0],
      ['b', 'B', '', 0, -1, 2, 0, 0],
      ['c', 'C', '', 1, -1, 1, 0, 0],
    ];
    await island('?team=Web', json({ v: 1, teams: ['Web', 'Mobile'], projects: [], columns: [{ id: 'done', issues: rows }] } satisfies BoardIndex), 'ar');
    await settled();
    // Arabic has a form of its own for two, and for 3–10 (CLDR "few"): the island must pick them as the server does.
    expect(document.querySelector('[data-count-label]')!.textContent).toBe(ar.issueCount.two);
    expect(document.querySelector('[data-filter-status]')!.textContent).toBe(ar.showingCount.few.replace('{shown}', '2').replace('{count}', '3'));
    expect([...document.querySelectorAll('[data-card] .upvotes .visually-hidden')].map((el) => el.textContent)).toEqual([
      ar.upvoteCount.few.replace('{count}', '5'),
      ar.upvoteCount.two,
    ]);
  });

  it('writes a count of a million or more compactly, in the plural form of the number shown, as the pages do', async () => {
    const rows: BoardIndex['columns'][0]['issues'] = [['a', 'A', '', 0, -1, 1_500_000, 0, 0]];
    await island('?team=Web', json({ v: 1, teams: ['Web'], projects: [], columns: [{ id: 'done', issues: rows }] } satisfies BoardIndex), 'fr');
    await settled();
    const upvotes = document.querySelector('[data-card] .upvotes')!;
    // French says a count shown in millions with "de": « 1,5 M de votes », not « 1 500 000 votes » nor « 1,5 M votes ».
    // What the eye reads (the arrow and the number), and what a screen reader says.
    expect([...upvotes.querySelectorAll('[aria-hidden]')].map((part) => part.textContent).join(' ')).toBe('▲ 1,5\u00a0M');
    expect(upvotes.querySelector('.upvote-count')!.textContent).toBe('1,5\u00a0M de votes');
  });

  it('puts hostile strings from the index on the page as text, in encoded URLs', async () => {
    const index: BoardIndex = {
      v: 1,
      teams: [HOSTILE],
      projects: [[HOSTILE, '"><svg onload=alert(1)>', HOSTILE]],
      columns: [{ id: 'done', issues: [['"><script>alert(1)</script>', HOSTILE, HOSTILE, 0, 0, 1, 0, 0]] }],
    };
    await island(`?team=${encodeURIComponent(HOSTILE)}`, json(index));
    await settled();
    const column = document.querySelector('[data-column="done"]')!;
    expect(column.querySelectorAll('img, script, svg')).toHaveLength(0);
    const card = column.querySelector('[data-card]')!;
    expect(card.querySelector('.card-title')!.textContent).toBe(HOSTILE);
    expect(card.querySelector('.card-summary')!.textContent).toBe(HOSTILE);
    expect(card.querySelector('.team')!.textContent).toBe(`Team: ${HOSTILE}`);
    expect(card.querySelector('.card-title a')!.getAttribute('href')).toBe(`/issues/${encodeURIComponent('"><script>alert(1)</script>')}/`);
    expect(card.querySelector('.project-chip')!.getAttribute('href')).toBe(`/projects/${encodeURIComponent('"><svg onload=alert(1)>')}/`);
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('without an index, filters and sorts the cards on the page', async () => {
    await island('', async () => {
      throw new TypeError('offline');
    });
    choose('sort', 'upvotes');
    await settled();
    expect([...document.querySelectorAll('[data-card] a')].map((a) => a.textContent)).toEqual(['B', 'A']);
    choose('sort', '');
    choose('team', 'Web');
    await settled();
    expect([...document.querySelectorAll('[data-card] a')].map((a) => a.textContent)).toEqual(['A']);
    expect(document.querySelector('[data-count]')!.textContent).toBe('1');
  });

  it('names the true count in "Show all" and keeps the filter in its link', async () => {
    const rows = Array.from({ length: 7 }, (_, n): BoardIndex['columns'][0]['issues'][0] => [`i${n}`, `Issue ${n}`, '', n % 2 === 0 ? 0 : 1, -1, n, 0, 0]);
    await island('?team=Web&sort=upvotes', json({ v: 1, teams: ['Web', 'Mobile'], projects: [], columns: [{ id: 'done', issues: rows } satisfies BoardIndex['columns'][0]] }));
    await settled();
    expect([...document.querySelectorAll('[data-card] a')].map((a) => a.textContent)).toEqual(['Issue 6', 'Issue 4']);
    const more = document.querySelector<HTMLAnchorElement>('.more a')!;
    expect(more.textContent).toBe('Show all 4: Shipped');
    expect(more.getAttribute('href')).toBe('/status/done/?team=Web&sort=upvotes');
  });

  it('reads a link’s team as no filter on a board with no team filter (team hidden), and drops it from the address', async () => {
    const rows: BoardIndex['columns'][0]['issues'] = [
      ['a', 'A', '', -1, -1, 5, 0, 0],
      ['b', 'B', '', -1, -1, 9, 0, 0],
    ];
    await island('?team=Web&sort=upvotes', json({ v: 1, teams: [], projects: [], columns: [{ id: 'done', issues: rows }] }), 'en', { team: false });
    await settled();
    expect([...document.querySelectorAll('[data-card] a')].map((a) => a.textContent)).toEqual(['B', 'A']);
    expect(document.querySelector<HTMLAnchorElement>('.more a')?.getAttribute('href') ?? '').not.toContain('team');
    choose('sort', '');
    await settled();
    expect(location.search).toBe('');
    expect([...document.querySelectorAll('[data-card] a')].map((a) => a.textContent)).toEqual(['A', 'B']);
  });

  // What a screen reader hears after "Show all 4" and in a vote link's name is joined as the page's language joins it:
  // Japanese a full-width colon and its own comma, Arabic its comma, French a no-break space before the colon.
  const HEARD: Record<Exclude<Language, 'en'>, { column: string; vote: string }> = {
    ja: { column: '：Shipped', vote: '「Issue 6」に投票、' },
    ar: { column: ': Shipped', vote: 'التصويت لـ «Issue 6»، ' },
    fr: { column: '\u00a0: Shipped', vote: 'Voter pour «\u00a0Issue 6\u00a0», ' },
  };
  for (const [language, heard] of Object.entries(HEARD) as [Exclude<Language, 'en'>, { column: string; vote: string }][]) {
    it(`${language}: names the column after "Show all" and a vote link's count with the language's colon and comma`, async () => {
      const rows = Array.from({ length: 7 }, (_, n): BoardIndex['columns'][0]['issues'][0] => [
        `i${n}`,
        `Issue ${n}`,
        '',
        n % 2 === 0 ? 0 : 1,
        -1,
        n,
        0,
        0,
        `https://portal.example.com/vote/${n}`,
      ]);
      await island('?team=Web&sort=upvotes', json({ v: 1, teams: ['Web', 'Mobile'], projects: [], columns: [{ id: 'done', issues: rows }] } satisfies BoardIndex), language, {
        voteLink: true,
      });
      await settled();
      expect(document.querySelector('.more a .visually-hidden')!.textContent).toBe(heard.column);
      expect(document.querySelector('[data-card] .vote-link > .visually-hidden')!.textContent).toBe(heard.vote);
    });
  }
});
