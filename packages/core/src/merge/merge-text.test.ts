import { describe, expect, it } from 'vitest';
import { CONFLICT_MARKERS, mergeText } from './merge-text.js';
import { applyEdits, diffEdits, diffWordEdits } from './text-edit.js';

describe('diffEdits / applyEdits', () => {
  it('turns one text into the other', () => {
    const pairs: [string, string][] = [
      ['', 'abc'],
      ['abc', ''],
      ['The quick brown fox', 'The slow brown dog'],
      ['line 1\nline 2\nline 3\n', 'line 1\nline 2 changed\nline 3\nline 4\n'],
      ['emoji 😀 here', 'emoji 😃 there'],
    ];
    for (const [a, b] of pairs) expect(applyEdits(a, diffEdits(a, b))).toBe(b);
    expect(diffEdits('same', 'same')).toEqual([]);
  });
});

describe('diffWordEdits (M3)', () => {
  it('turns one text into the other with edits on word boundaries', () => {
    const pairs: [string, string][] = [
      ['', 'abc'],
      ['The quick brown fox', 'The quack brown dog'],
      ['emoji 😀 here, ok', 'emoji 😃 there, ok!'],
      ['a\nb\n', 'b\na\n'],
    ];
    for (const [a, b] of pairs) expect(applyEdits(a, diffWordEdits(a, b))).toBe(b);
    expect(diffWordEdits('The quick fox', 'The quack fox')).toEqual([
      { from: 4, to: 9, insert: 'quack' },
    ]);
  });
});

describe('mergeText', () => {
  const base = 'Title\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n';

  it('takes the only side that changed', () => {
    expect(mergeText(base, base, base + 'More.\n').text).toBe(base + 'More.\n');
    expect(mergeText(base, 'Local\n', base).text).toBe('Local\n');
    expect(mergeText(base, 'Same\n', 'Same\n')).toEqual({ text: 'Same\n', conflicts: [] });
  });

  it('merges edits of different paragraphs with nothing lost (M1)', () => {
    const local = base.replace('First paragraph.', 'First paragraph, edited here.');
    const remote = base.replace('Third paragraph.', 'Third paragraph, edited there.');
    const result = mergeText(base, local, remote);
    expect(result.conflicts).toEqual([]);
    expect(result.text).toBe(
      'Title\n\nFirst paragraph, edited here.\n\nSecond paragraph.\n\nThird paragraph, edited there.\n',
    );
  });

  it('merges two edits on the same line when they do not overlap', () => {
    const result = mergeText('alpha beta gamma\n', 'ALPHA beta gamma\n', 'alpha beta GAMMA\n');
    expect(result).toEqual({ text: 'ALPHA beta GAMMA\n', conflicts: [] });
  });

  it('applies an identical edit made on both sides once', () => {
    const changed = base.replace('Second', 'Middle');
    expect(mergeText(base, changed, changed).text).toBe(changed);
    const local = changed.replace('Title', 'Heading');
    expect(mergeText(base, local, changed)).toEqual({ text: local, conflicts: [] });
  });

  it('keeps both versions of an overlapping edit in a conflict block of whole lines (M2)', () => {
    const local = base.replace('Second paragraph.', 'Second paragraph, my way.');
    const remote = base.replace('Second paragraph.', 'Second paragraph, their way.');
    const result = mergeText(base, local, remote, { local: 'this tab', remote: 'other tab' });
    expect(result.text).toBe(
      'Title\n\nFirst paragraph.\n\n' +
        `${CONFLICT_MARKERS.start} this tab\nSecond paragraph, my way.\n${CONFLICT_MARKERS.separator}\n` +
        `Second paragraph, their way.\n${CONFLICT_MARKERS.end} other tab\n\nThird paragraph.\n`,
    );
    expect(result.conflicts).toHaveLength(1);
    const [conflict] = result.conflicts;
    expect(result.text.slice(conflict!.start, conflict!.end)).toContain('my way');
    expect(conflict).toMatchObject({
      local: 'Second paragraph, my way.',
      remote: 'Second paragraph, their way.',
    });
  });

  it('keeps both insertions made at the same place', () => {
    const result = mergeText('a\nb\n', 'a\nlocal\nb\n', 'a\nremote\nb\n');
    expect(result.text).toContain('local');
    expect(result.text).toContain('remote');
    expect(result.conflicts).toHaveLength(1);
  });

  it('keeps an edit made inside text the other side deleted', () => {
    const local = base.replace('Second paragraph.\n\n', '');
    const remote = base.replace('Second paragraph.', 'Second paragraph with precious words.');
    const result = mergeText(base, local, remote);
    expect(result.text).toContain('precious words');
    expect(result.conflicts).toHaveLength(1);
  });

  it('merges two people typing in two paragraphs without a conflict, at any moment (M1, M3)', () => {
    const first = ' One from the first tab.';
    const second = ' One from the second tab.';
    const text = (a: number, b: number, end: string) =>
      `Top paragraph.${first.slice(0, a)}\n\nBottom paragraph.${second.slice(0, b)}${end}`;
    // Final newlines of the base, this side and the other: a stored text ends with one, the
    // editor's may not.
    const ends = [
      ['', '', ''],
      ['\n', '\n', '\n'],
      ['\n', '', '\n'],
      ['\n', '', ''],
      ['', '\n', '\n'],
    ];
    for (const [baseEnd, localEnd, remoteEnd] of ends) {
      for (let a = 0; a <= first.length; a += 1) {
        for (let a2 = a; a2 <= first.length; a2 += 3) {
          for (let b = 0; b <= second.length; b += 2) {
            for (let b2 = b; b2 <= second.length; b2 += 3) {
              const merged = mergeText(
                text(a, b, baseEnd!),
                text(a2, b, localEnd!),
                text(a, b2, remoteEnd!),
              );
              expect(merged.conflicts).toEqual([]);
              // (Final line breaks aside: a stored text ends with exactly one, V1.)
              expect(merged.text.replace(/\n+$/, '')).toBe(text(a2, b2, ''));
            }
          }
        }
      }
    }
  });

  it('neither cuts nor glues words when edits of the two sides meet (M3)', () => {
    const base = 'one two\nMk0 sed\n';
    const local = 'one two\nMk0 adipiscing Mk1a\nMk1b';
    const remote = 'one two\nMk0 sed\nthree\n';
    const result = mergeText(base, local, remote);
    const words = result.text.split(/\s+/);
    for (const word of ['Mk1a', 'Mk1b', 'three']) expect(words).toContain(word);
    const glued = mergeText('Mk3w8', 'Mk1w38 Mk3w8 Mk1w28', 'Mk3w50 Mk3w8 Mk2w46').text;
    for (const word of ['Mk1w38', 'Mk1w28', 'Mk3w50', 'Mk2w46']) {
      expect(glued.split(/\s+/)).toContain(word);
    }
  });

  it('never glues two lines when one side drops a line break where the other writes (M3)', () => {
    // The editor's text lacks the final line break the stored text has; the other side added a
    // conflict block's closing lines after it.
    const base = 'Alpha.\n\nBeta, the way Alice says it.\n';
    const local = 'Alpha.\n\nBeta, the way Alice says it.';
    const remote =
      'Alpha.\n\n<<<<<<< this version\nBeta, the way Bob says it.\n=======\n' +
      'Beta, the way Alice says it.\n>>>>>>> other version\n';
    expect(mergeText(base, local, remote)).toEqual({ text: remote, conflicts: [] });
    expect(mergeText(base, remote, local)).toEqual({ text: remote, conflicts: [] });
  });

  it('never loses a word inserted by either side, over many random edit pairs (M1, M2)', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const words = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do'.split(' ');
    const makeBase = () =>
      Array.from({ length: 8 }, () =>
        Array.from({ length: 6 }, () => words[Math.floor(random() * words.length)]).join(' '),
      ).join('\n') + '\n';
    const edit = (text: string, marker: string) => {
      let result = text;
      const inserted: string[] = [];
      for (let n = 0; n < 1 + Math.floor(random() * 3); n += 1) {
        const at = Math.floor(random() * result.length);
        const cut = random() < 0.4 ? Math.floor(random() * 12) : 0;
        const word = `${marker}${n}x${Math.floor(random() * 1e6)}`;
        inserted.push(word);
        result = `${result.slice(0, at)} ${word} ${result.slice(at + cut)}`;
      }
      // A later cut may have removed an earlier insertion: only what survives locally counts.
      return { text: result, inserted: inserted.filter((word) => result.includes(word)) };
    };
    for (let round = 0; round < 500; round += 1) {
      const original = makeBase();
      const local = edit(original, 'L');
      const remote = edit(original, 'R');
      const merged = mergeText(original, local.text, remote.text).text;
      for (const word of [...local.inserted, ...remote.inserted]) {
        expect(merged, `round ${round}: ${word} lost`).toContain(word);
      }
    }
  });
});
