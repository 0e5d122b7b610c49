import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { COLOR_THEME_KEY, COLOR_THEME_SCRIPT, resolveColorTheme } from './color-theme';

// Runs the root layout's early script with a stored setting (or none) on a system that prefers
// dark colours or not, in a context of its own holding only what the script reads; the colour
// theme it sets on <html>.
function firstPaint(stored: string | null, systemDark: boolean): string {
  const attributes = new Map<string, string>();
  runInNewContext(COLOR_THEME_SCRIPT, {
    localStorage: { getItem: (key: string) => (key === COLOR_THEME_KEY ? stored : null) },
    matchMedia: (query: string) => ({
      matches: systemDark && query === '(prefers-color-scheme: dark)',
    }),
    document: {
      documentElement: {
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
    },
  });
  return attributes.get('data-color-theme') ?? 'light';
}

describe('the colour theme of the first paint', () => {
  it('is the system’s until the user has picked one, then the one picked', () => {
    expect(firstPaint(null, true)).toBe('dark');
    expect(firstPaint(null, false)).toBe('light');
    expect(firstPaint('system', true)).toBe('dark');
    expect(firstPaint('system', false)).toBe('light');
    expect(firstPaint('light', true)).toBe('light');
    expect(firstPaint('dark', false)).toBe('dark');
  });

  it('is light, without an error, where storage and media queries cannot be read', () => {
    expect(() => runInNewContext(COLOR_THEME_SCRIPT, {})).not.toThrow();
  });
});

describe('the colour theme shown', () => {
  it('is the setting’s, or the system’s for `system`', () => {
    expect(resolveColorTheme('light', 'dark')).toBe('light');
    expect(resolveColorTheme('dark', 'light')).toBe('dark');
    expect(resolveColorTheme('system', 'dark')).toBe('dark');
    expect(resolveColorTheme('system', 'light')).toBe('light');
  });
});
