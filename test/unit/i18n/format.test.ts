import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth, formatNumber } from '../../../src/i18n/format.ts';

describe('formatNumber', () => {
  it('writes ordinary counts in full', () => {
    expect(formatNumber(999_999, 'en')).toBe('999,999');
    expect(formatNumber(12_345, 'de')).toBe('12.345');
  });

  it('writes absurd counts compactly, so no card shows a 400-digit number', () => {
    expect(formatNumber(1_234_567, 'en')).toBe('1.2M');
    expect(formatNumber(3e12, 'de')).toBe('3\u00a0Bio.');
    expect(formatNumber(1e308, 'en')).toBe('1E308');
    expect(formatNumber(Number.MAX_VALUE, 'de')).toBe('1,8E308');
  });
});

describe('formatDate', () => {
  it('writes the first of a month as French, Portuguese and Italian do, 1er and 1º', () => {
    expect(formatDate('2026-11-01T10:00:00Z', 'fr')).toBe('1er novembre 2026');
    expect(formatDate('2026-11-01T10:00:00Z', 'pt-BR')).toBe('1º de novembro de 2026');
    expect(formatDate('2026-11-01T10:00:00Z', 'it')).toBe('1º novembre 2026');
    expect(formatDate('2026-11-02T10:00:00Z', 'fr')).toBe('2 novembre 2026');
    expect(formatDate('2026-11-11T10:00:00Z', 'fr')).toBe('11 novembre 2026');
    expect(formatDate('2026-11-01T10:00:00Z', 'es')).toBe('1 de noviembre de 2026');
    expect(formatDate('2026-11-01T10:00:00Z', 'en')).toBe('November 1, 2026');
  });

  it('keeps a German day on the line of its month', () => {
    expect(formatDate('2026-07-23T10:00:00Z', 'de')).toBe('23.\u00a0Juli 2026');
    expect(formatDate('2026-07-23T10:00:00Z', 'de-AT')).toBe('23.\u00a0Juli 2026');
  });
});

describe('formatMonth', () => {
  it('starts a month heading with a capital in every language', () => {
    expect(formatMonth('2026-11', 'fr')).toBe('Novembre 2026');
    expect(formatMonth('2026-11', 'es')).toBe('Noviembre de 2026');
    expect(formatMonth('2026-11', 'it')).toBe('Novembre 2026');
    expect(formatMonth('2026-11', 'pt-BR')).toBe('Novembro de 2026');
    expect(formatMonth('2026-11', 'de')).toBe('November 2026');
    expect(formatMonth('2026-11', 'ja')).toBe('2026年11月');
  });
});
