import { describe, expect, it } from 'vitest';
import { parseYamlObject } from './yaml.js';

describe('parseYamlObject', () => {
  it('reads a map, and an empty or comment-only text as an empty map', () => {
    expect(parseYamlObject('title: Notes\nextensions:\n  preset: gfm\n')).toEqual({
      ok: true,
      value: { title: 'Notes', extensions: { preset: 'gfm' } },
    });
    expect(parseYamlObject('')).toEqual({ ok: true, value: {} });
    expect(parseYamlObject('# only a comment\n')).toEqual({ ok: true, value: {} });
  });

  it('gives the parser error for invalid YAML, with where it is', () => {
    const result = parseYamlObject('title: [unclosed\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/line \d+/i);
  });

  it('refuses a list or a scalar: properties and settings are maps', () => {
    expect(parseYamlObject('- a\n- b\n')).toMatchObject({ ok: false });
    expect(parseYamlObject('just text')).toMatchObject({ ok: false });
  });

  it('refuses alias bombs instead of expanding them', () => {
    const bomb =
      'a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\nd: &d [*c, *c]\ne: &e [*d, *d]\nf: &f [*e, *e]\ng: &g [*f, *f]\n';
    expect(parseYamlObject(bomb).ok).toBe(false);
  });
});
