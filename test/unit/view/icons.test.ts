import { describe, expect, it } from 'vitest';
import { ICON_NAMES, iconPaths } from '../../../src/view/icons.ts';

describe('iconPaths', () => {
  it('maps known names, ignoring case, and nothing else', () => {
    expect(iconPaths(' Map ')).toBe(iconPaths('map'));
    expect(iconPaths('map')?.length).toBeGreaterThan(0);
    expect(iconPaths('<img src=x onerror=alert(1)>')).toBeUndefined();
    expect(iconPaths('constructor')).toBeUndefined();
    expect(iconPaths('__proto__')).toBeUndefined();
    expect(iconPaths(null)).toBeUndefined();
  });

  it('draws every icon from SVG path data alone: no markup, no URL, no emoji (empty boxes without an emoji font)', () => {
    expect(ICON_NAMES).toHaveLength(31);
    for (const name of ICON_NAMES) {
      for (const d of iconPaths(name)!) expect(d, name).toMatch(/^[MmLlHhVvCcSsAaZz][MmLlHhVvCcSsAaZz0-9 .,-]*$/);
    }
  });
});
