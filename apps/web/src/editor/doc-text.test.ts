import { Text } from '@codemirror/state';
import { describe, expect, it, vi } from 'vitest';
import { DocText } from './doc-text';

const docOf = (text: string) => Text.of(text.split(/\r\n?|\n/));

describe('DocText', () => {
  it('gives the text of each version, made once per version', () => {
    const texts = new DocText();
    const first = docOf('# Title\n\nSome words.\n');
    const copies = vi.spyOn(first, 'toString');
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
    const copies = vi.spyOn(doc, 'toString');
    texts.adopt(doc, text);
    expect(texts.of(doc)).toBe(text);
    expect(copies).not.toHaveBeenCalled();
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
