import { describe, expect, it } from 'vitest';
import { readSimpleProperties, writeSimpleProperties } from './simple-properties.js';

describe('simple file properties', () => {
  it('reads the fields, empty when missing', () => {
    const simple = readSimpleProperties(
      'title: My post\ntags: [a, b]\ndate: 2026-11-21\nextensions:\n  preset: gfm\n',
    );
    expect(simple).toEqual({
      title: 'My post',
      author: '',
      tags: 'a, b',
      categories: '',
      excerpt: '',
      featuredImage: '',
      status: '',
      date: '2026-11-21',
      preset: 'gfm',
    });
  });

  it('writes fields back, keeping comments and other keys; empty fields are removed', () => {
    const yaml =
      '# My notes\ntitle: Old\ncustom: kept\nextensions:\n  preset: gfm\n  katex: true\n';
    const simple = { ...readSimpleProperties(yaml), title: 'New', author: 'Ada', preset: '' };
    const written = writeSimpleProperties(yaml, simple);
    expect(written).toContain('# My notes');
    expect(written).toContain('title: New');
    expect(written).toContain('author: Ada');
    expect(written).toContain('custom: kept');
    expect(written).toContain('katex: true');
    expect(written).not.toContain('preset');
    expect(readSimpleProperties(written)).toMatchObject({
      title: 'New',
      author: 'Ada',
      preset: '',
    });
  });

  it('starts from empty properties and goes back to empty', () => {
    const empty = readSimpleProperties('');
    const written = writeSimpleProperties('', { ...empty, preset: 'commonmark' });
    expect(written).toBe('extensions:\n  preset: commonmark\n');
    expect(writeSimpleProperties(written, { ...empty, preset: '' })).toBe('');
  });

  it('writes fields into properties that choose no preset', () => {
    const written = writeSimpleProperties('title: Notes\n', {
      ...readSimpleProperties('title: Notes\n'),
      author: 'Ada',
    });
    expect(written).toBe('title: Notes\nauthor: Ada\n');
  });

  it('refuses to write into invalid YAML', () => {
    expect(() => writeSimpleProperties('title: [', readSimpleProperties(''))).toThrow();
  });
});
