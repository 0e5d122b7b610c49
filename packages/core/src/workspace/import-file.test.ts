import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../constants.js';
import { MemoryDatabase } from '../db/memory-repository.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem } from '../items/types.js';
import { FileNotReadableError, importedFileName, importText, readableText } from './import-file.js';

let n = 0;
const newId = () => `id${String((n += 1)).padStart(14, '0')}`;

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

  it('creates a file with the text, and says when the text was cut', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    const small = await importText(repo, newId, 'notes.md', '# Notes');
    expect(small.cut).toBe(false);
    expect(small.file).toMatchObject({ name: 'notes', parentId: null });
    expect((await repo.get<ContentItem>(itemIds.content(small.file.id)))?.text).toBe('# Notes\n');

    const big = await importText(repo, newId, 'big.md', 'x'.repeat(MAX_TEXT_LENGTH + 10));
    expect(big.cut).toBe(true);
    const text = (await repo.get<ContentItem>(itemIds.content(big.file.id)))!.text;
    expect(text).toHaveLength(MAX_TEXT_LENGTH);
  });
});
