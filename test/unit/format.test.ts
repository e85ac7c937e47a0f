import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/i18n/format.ts';

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
