/**
 * Filling the interface's messages (src/i18n/messages.ts): the values are data from the portal (titles, column
 * names) and must reach the page as they are, never read as placeholders or words of the translation; a page
 * isolates them (<bdi>) by the parts `messageParts` marks.
 */
import { describe, expect, it } from 'vitest';
import { fill, messageParts, pluralText } from '../../../src/i18n/messages.ts';

describe('messages', () => {
  it('fill each placeholder once: a value that looks like one stays as it is', () => {
    expect(fill('{name} moved to {column}', { name: '{column}', column: 'Done' })).toBe('{column} moved to Done');
    expect(fill('{count} issues, {unknown}', { count: 3 })).toBe('3 issues, {unknown}');
  });

  it('mark the values apart from the words, in order, unknown placeholders kept as words', () => {
    expect(messageParts('Moved from {from} to {column} {later}', { from: '<b>Planned</b>', column: 'تم' })).toEqual([
      { text: 'Moved from ', value: false },
      { text: '<b>Planned</b>', value: true },
      { text: ' to ', value: false },
      { text: 'تم', value: true },
      { text: ' ', value: false },
      { text: '{later}', value: false },
    ]);
    expect(messageParts('{name}', { name: '{name}' })).toEqual([{ text: '{name}', value: true }]);
  });

  it('fill the plural form of the category, and fall back to "other" when a form is missing', () => {
    const polish = { one: '{count} głos', few: '{count} głosy', many: '{count} głosów', other: '{count} głosu' };
    expect(pluralText(polish, 'few', '3')).toBe('3 głosy');
    expect(pluralText({ one: '{count} vote for {name}', other: '{count} votes for {name}' }, 'two', '2', { name: 'A' })).toBe('2 votes for A');
  });
});
