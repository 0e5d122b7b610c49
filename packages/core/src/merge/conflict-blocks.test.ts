import { describe, expect, it } from 'vitest';
import {
  conflictResolution,
  findConflictBlocks,
  mayHaveConflicts,
  resolveConflict,
} from './conflict-blocks.js';
import { mergeText } from './merge-text.js';

const base = 'Title\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n';
const local = base.replace('Second paragraph.', 'Second paragraph, my way.');
const remote = base.replace('Second paragraph.', 'Second paragraph, their way.');

describe('findConflictBlocks (M4)', () => {
  it('finds the block mergeText writes, where mergeText says it is', () => {
    const merged = mergeText(base, local, remote, { local: 'this tab', remote: 'another tab' });
    const blocks = findConflictBlocks(merged.text);
    expect(blocks).toEqual([
      {
        from: merged.conflicts[0]!.start,
        to: merged.conflicts[0]!.end,
        local: 'Second paragraph, my way.',
        remote: 'Second paragraph, their way.',
        localLabel: 'this tab',
        remoteLabel: 'another tab',
        lineBreak: '\n',
      },
    ]);
    expect(mayHaveConflicts(merged.text)).toBe(true);
    expect(mayHaveConflicts(base)).toBe(false);
  });

  it('finds two blocks, with versions of several lines or of none', () => {
    const text =
      'Intro\n<<<<<<< this version\none\ntwo\n=======\nthree\n>>>>>>> other version\nMiddle\n' +
      '<<<<<<< unsaved edits\n\n=======\nfour\n\n>>>>>>> saved version\nEnd\n';
    const blocks = findConflictBlocks(text);
    expect(
      blocks.map(({ local, remote, localLabel, remoteLabel }) => ({
        local,
        remote,
        localLabel,
        remoteLabel,
      })),
    ).toEqual([
      {
        local: 'one\ntwo',
        remote: 'three',
        localLabel: 'this version',
        remoteLabel: 'other version',
      },
      { local: '', remote: 'four\n', localLabel: 'unsaved edits', remoteLabel: 'saved version' },
    ]);
    expect(text.slice(blocks[0]!.from, blocks[0]!.to)).toMatch(/^<<<<<<< this.*other version$/s);
    expect(text.slice(blocks[1]!.from, blocks[1]!.to)).toMatch(/^<<<<<<< unsaved.*saved version$/s);
  });

  it('reads blocks of CRLF lines, and markers with no label', () => {
    const text = 'a\r\n<<<<<<<\r\nmine\r\n=======\r\ntheirs\r\n>>>>>>>\r\nb\r\n';
    const [block] = findConflictBlocks(text);
    expect(block).toMatchObject({ local: 'mine', remote: 'theirs', localLabel: '' });
    expect(block!.lineBreak).toBe('\r\n');
    expect(resolveConflict(text, block!, 'both')).toBe('a\r\nmine\r\ntheirs\r\nb\r\n');
  });

  it('ignores marker-looking lines that make no block', () => {
    const texts = [
      'Heading\n=======\n\ntext\n', // a setext heading underline
      '<<<<<<< a\nno separator\n>>>>>>> b\n',
      '<<<<<<< a\nno end\n=======\nstill none\n',
      '=======\n>>>>>>> stray end\n',
      '<<<<<<<< eight\nx\n=======\ny\n>>>>>>>> eight\n',
      'text <<<<<<< a\nx\n=======\ny\n>>>>>>> b\n', // not at the start of a line
      '<<<<<<<a\nx\n=======\ny\n>>>>>>>b\n', // no space before the label
    ];
    for (const text of texts) expect(findConflictBlocks(text)).toEqual([]);
  });

  it('starts again at a second start marker, and lets the first separator separate', () => {
    const text = '<<<<<<< broken\n<<<<<<< a\nx\n=======\ny\n=======\n>>>>>>> b\n';
    const [block, ...more] = findConflictBlocks(text);
    expect(more).toEqual([]);
    expect(block).toMatchObject({ from: 15, local: 'x', remote: 'y\n=======', localLabel: 'a' });
  });

  it('finds the one conflict in a text of over 250,000 characters', () => {
    const paragraph = 'Some words in a line of text, and more of them.\n\n';
    const text =
      paragraph.repeat(2_600) + '<<<<<<< a\nx\n=======\ny\n>>>>>>> b\n' + paragraph.repeat(2_600);
    expect(text.length).toBeGreaterThan(250_000);
    expect(findConflictBlocks(text)).toMatchObject([{ local: 'x', remote: 'y' }]);
  });
});

describe('resolveConflict (M4)', () => {
  it("gives back either side's text from mergeText's real output", () => {
    const merged = mergeText(base, local, remote);
    const [block] = findConflictBlocks(merged.text);
    expect(resolveConflict(merged.text, block!, 'local')).toBe(local);
    expect(resolveConflict(merged.text, block!, 'remote')).toBe(remote);
    expect(resolveConflict(merged.text, block!, 'both')).toBe(
      base.replace('Second paragraph.', 'Second paragraph, my way.\nSecond paragraph, their way.'),
    );
  });

  it('round-trips versions that end in a line break or are empty', () => {
    const cases: [string, string, string][] = [
      ['a\nb\n', 'a\nB\n', 'a\nbee\n'],
      ['one two\nthree\n', 'one\n\n\nthree\n', 'one TWO\nthree\n'],
      ['x y\n', ' y\n', 'z y\n'],
    ];
    for (const [b, l, r] of cases) {
      const merged = mergeText(b, l, r);
      const blocks = findConflictBlocks(merged.text);
      expect(blocks).toHaveLength(merged.conflicts.length);
      if (blocks.length !== 1) continue;
      expect(resolveConflict(merged.text, blocks[0]!, 'local')).toBe(l);
      expect(resolveConflict(merged.text, blocks[0]!, 'remote')).toBe(r);
    }
  });

  it('resolves the blocks of a text with two, one after the other', () => {
    const b = 'one\n\ntwo\n';
    const merged = mergeText(b, 'one A\n\ntwo A\n', 'one B\n\ntwo B\n');
    expect(findConflictBlocks(merged.text)).toHaveLength(2);
    const first = resolveConflict(merged.text, findConflictBlocks(merged.text)[0]!, 'remote');
    const [second, ...none] = findConflictBlocks(first);
    expect(none).toEqual([]);
    expect(resolveConflict(first, second!, 'local')).toBe('one B\n\ntwo A\n');
  });

  it('keeps both versions without an empty one', () => {
    const block = findConflictBlocks('<<<<<<< a\n\n=======\nkept\n>>>>>>> b')[0]!;
    expect(conflictResolution(block, 'both')).toEqual({ from: 0, to: block.to, insert: 'kept' });
    expect(conflictResolution(block, 'local').insert).toBe('');
  });
});
