/**
 * What the code puts between words, per language (src/i18n/joins.ts and the places that use it): the dot between a
 * line's facts, the bar between a page's title and the site's, the comma after a name, the brackets of an aside.
 * The expected texts are written out by hand from each language's typography.
 */
import { describe, expect, it } from 'vitest';
import { labelsFor, uiFor } from '../../../src/i18n/labels.ts';
import { asideMarks, comma, separatedParts, titled } from '../../../src/i18n/joins.ts';
import { issueShareDescription } from '../../../src/view/issue-page.ts';
import { newsOf, type NewsEvent } from '../../../src/notify/news.ts';
import { mastodonStatus, slackPayload } from '../../../src/notify/services.ts';

const JA = labelsFor('ja');
const AR = labelsFor('ar');
const FR = labelsFor('fr');
const EN = labelsFor('en');

describe("each language's joins", () => {
  it('Japanese lists facts with its middle dot and no spaces; the others keep " · "', () => {
    expect(separatedParts(JA, ['対応中', '88票', ''])).toBe('対応中・88票');
    expect(separatedParts(FR, ['En cours', '88 votes'])).toBe('En cours · 88 votes');
    expect(separatedParts(AR, ['قيد التنفيذ', '88 صوتًا'])).toBe('قيد التنفيذ · 88 صوتًا');
  });

  it("a page's title ends with the site's after a full-width bar in Japanese, after a dot elsewhere", () => {
    expect(titled(JA, '変更履歴', 'Acme')).toBe('変更履歴｜Acme');
    expect(titled(EN, 'Changelog', 'Acme')).toBe('Changelog · Acme');
    // The site's title is data: a placeholder in it stays as written.
    expect(titled(EN, '{site}', '{page}')).toBe('{site} · {page}');
  });

  it('a name and more about it take the comma of the language: 、 in Japanese, ، in Arabic', () => {
    expect(comma(JA)).toBe('、');
    expect(comma(AR)).toBe('، ');
    expect(comma(FR)).toBe(', ');
  });

  it('an aside written as elements takes the brackets of the language, full-width and with no space in Japanese', () => {
    expect(asideMarks(JA)).toEqual({ gap: '', open: '（', close: '）' });
    expect(asideMarks(EN)).toEqual({ gap: ' ', open: '(', close: ')' });
  });
});

describe('the texts made with them', () => {
  it("an issue's link preview in Japanese: 対応中・88票・its summary", () => {
    expect(issueShareDescription({ status: '対応中', upvotes: 88, summary: 'Checklists open and save with no signal' }, uiFor('ja'))).toBe(
      '対応中・88票・Checklists open and save with no signal',
    );
  });

  it("a chat post's summary in the site's main language, Japanese", () => {
    const event = (kind: NewsEvent['kind'], id: string): NewsEvent => ({ key: id, kind, title: id, url: `https://acme.example.com/${id}`, at: '2026-11-01T00:00:00Z' });
    const news = newsOf([event('shipped', 'a'), event('shipped', 'b'), event('new', 'c')], { siteTitle: 'Acme', siteRoot: 'https://acme.example.com/', labels: JA });
    expect(news.summary).toBe('リリース済み：2・新規：1');
  });

  it("a chat post in Japanese: the site's title, its colon, and a note's tags after its dot, with its comma", () => {
    const note: NewsEvent = {
      key: 'note:x',
      kind: 'note',
      title: 'Faster sync',
      tags: ['新機能', '改善'],
      url: 'https://acme.example.com/releases/x/',
      at: '2026-11-01T00:00:00Z',
    };
    const news = newsOf([note], { siteTitle: 'Acme', siteRoot: 'https://acme.example.com/', labels: JA });
    expect(mastodonStatus(news, 'public').status.split('\n')).toEqual([
      'Acme：リリースノート：1',
      'リリースノート：Faster sync・新機能、改善 https://acme.example.com/releases/x/',
    ]);
    expect(slackPayload(news).text.split('\n')[0]).toBe('*Acme*：リリースノート：1');
  });
});
