import { Text } from '@codemirror/state';
import { describe, expect, it, vi } from 'vitest';
import { DocText, flatString } from './doc-text';

const docOf = (text: string) => Text.of(text.split(/\r\n?|\n/));

describe('DocText', () => {
  it('gives the text of each version, made once per version', () => {
    const texts = new DocText();
    const first = docOf('# Title\n\nSome words.\n');
    const copies = vi.spyOn(first, 'iterLines');
    expect(texts.of(first)).toBe('# Title\n\nSome words.\n');
    expect(texts.of(first)).toBe('# Title\n\nSome words.\n');
    expect(copies).toHaveBeenCalledTimes(1);
    const second = first.replace(8, 8, Text.of(['More.', '']));
    expect(texts.of(second)).toBe('# Title\nMore.\n\nSome words.\n');
    // Back to an older version: its own text, not the one kept.
    expect(texts.of(first)).toBe('# Title\n\nSome words.\n');
  });

  it('takes the string a document was made from instead of copying it', () => {
    const texts = new DocText();
    const text = 'line one\nline two\n';
    const doc = docOf(text);
    const copies = vi.spyOn(doc, 'iterLines');
    const strings = vi.spyOn(doc, 'toString');
    texts.adopt(doc, text);
    expect(texts.of(doc)).toBe(text);
    expect(copies).not.toHaveBeenCalled();
    expect(strings).not.toHaveBeenCalled();
  });

  it('never takes a string that is not exactly the document', () => {
    const texts = new DocText();
    const crlf = 'one\r\ntwo\n';
    const doc = docOf(crlf);
    texts.adopt(doc, crlf);
    expect(texts.of(doc)).toBe('one\ntwo\n');
    const lone = 'one\rtwo\n';
    const other = docOf(lone);
    texts.adopt(other, lone);
    expect(texts.of(other)).toBe('one\ntwo\n');
    const shorter = docOf('abc');
    texts.adopt(shorter, 'abcd');
    expect(texts.of(shorter)).toBe('abc');
  });
});

describe('flatString', () => {
  it('gives what toString gives, whatever the lines', () => {
    const texts = [
      '',
      '\n',
      '\n\n\n',
      'no final newline',
      '# Title\n\nSome words.\n',
      'emoji 😀 and \u00e9\u0301\n\n  indented\n\ttab\n',
      Array.from({ length: 5000 }, (_, i) => `line ${i}${i % 7 === 0 ? '' : ' words'}`).join('\n'),
    ];
    for (const text of texts) {
      const doc = docOf(text);
      expect(flatString(doc)).toBe(doc.toString());
      expect(flatString(doc)).toBe(text);
    }
  });

  it('gives the text of a document built up by edits (a tree of many leaves)', () => {
    let doc = docOf('start\n');
    for (let i = 0; i < 2000; i += 1) {
      doc = doc.replace(doc.length, doc.length, Text.of([`line ${i}`, '']));
      if (i % 100 === 0) doc = doc.replace(3, 5, Text.of(['X', 'Y']));
    }
    expect(doc.children).not.toBeNull();
    expect(flatString(doc)).toBe(doc.toString());
  });
});
