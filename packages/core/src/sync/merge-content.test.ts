import { describe, expect, it } from 'vitest';
import { type ContentSnapshot } from '../items/types.js';
import { mergeContent, mergeProperties, mergeRecords } from './merge-content.js';

const snapshot = (text: string, properties = '', discussions = {}): ContentSnapshot => ({
  text,
  properties,
  discussions,
  comments: {},
});

describe('mergeContent (S4)', () => {
  it('merges texts with mergeText and counts conflicts', async () => {
    const base = snapshot('a\nb\nc\n');
    const result = await mergeContent(base, snapshot('A\nb\nc\n'), snapshot('a\nb\nC\n'));
    expect(result).toEqual({ snapshot: snapshot('A\nb\nC\n'), conflicts: 0 });
    const clash = await mergeContent(base, snapshot('a\nmine\nc\n'), snapshot('a\ntheirs\nc\n'));
    expect(clash.conflicts).toBe(1);
    expect(clash.snapshot.text).toContain('mine');
    expect(clash.snapshot.text).toContain('theirs');
  });

  it('merges properties by top-level key when all parse', async () => {
    const merged = await mergeProperties(
      'title: T\n',
      'title: T\ntags: x\n',
      'title: New\nauthor: me\n',
    );
    expect(merged).toEqual({ text: 'title: New\ntags: x\nauthor: me\n', conflicts: 0 });
  });

  it('falls back to a text merge when a key changed on both sides or YAML does not parse', async () => {
    const both = await mergeProperties('title: T\n', 'title: Mine\n', 'title: Theirs\n');
    expect(both.conflicts).toBe(1);
    expect(both.text).toContain('Mine');
    const broken = await mergeProperties('a: 1\n', 'a: 1\nb: [\n', 'c: 3\na: 1\n');
    expect(broken.text).toContain('b: [');
    expect(broken.text).toContain('c: 3');
  });

  it('merges discussions and comments key by key, the local side winning a clash', () => {
    const d = (text: string) => ({ text, start: 0, end: 1 });
    expect(
      mergeRecords(
        { a: d('a'), b: d('b') },
        { a: d('a2'), b: d('b'), c: d('c') },
        { a: d('a3'), d: d('d') },
      ),
    ).toEqual({ a: d('a2'), c: d('c'), d: d('d') });
  });
});
