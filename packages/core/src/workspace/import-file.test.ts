import { describe, expect, it } from 'vitest';
import { FileNotReadableError, importedFileName, readableText } from './import-file.js';

describe('importing a file', () => {
  it("refuses text holding U+FFFD with 'File is not readable.', and takes any other", () => {
    expect(readableText('# Été 🎉')).toBe('# Été 🎉');
    expect(() => readableText('a \uFFFD b')).toThrow(FileNotReadableError);
    expect(() => readableText('\uFFFD')).toThrow('File is not readable.');
    // UTF-16 text and binary files hold NUL characters, which no text does.
    expect(() => readableText('#\u0000 \u0000T\u0000')).toThrow(FileNotReadableError);
  });

  it('names the file after the imported one, without its extension', () => {
    expect(importedFileName('notes.md')).toBe('notes');
    expect(importedFileName('page.v2.html')).toBe('page.v2');
    expect(importedFileName('README')).toBe('README');
    expect(importedFileName('.md')).toBe('.md');
  });
});
