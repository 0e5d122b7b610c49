import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asciidocWriter, isAtLeast, pandocVersion, parsePandocVersion } from './pandoc-version.js';

describe('the pandoc version', () => {
  it('is read from the first line of pandoc --version', () => {
    expect(parsePandocVersion('pandoc 2.17.1.1\nCompiled with pandoc-types 1.22.2.1')).toEqual([
      2, 17, 1, 1,
    ]);
    expect(parsePandocVersion('pandoc 3.1.11.1\nFeatures: -server +lua\n')).toEqual([3, 1, 11, 1]);
    expect(parsePandocVersion('pandoc.exe 3.8\n')).toEqual([3, 8]);
    expect(parsePandocVersion('not pandoc\n')).toBeNull();
  });

  it('is compared number by number', () => {
    expect(isAtLeast([3, 1, 5], [3, 1, 5])).toBe(true);
    expect(isAtLeast([3, 1, 11, 1], [3, 1, 5])).toBe(true);
    expect(isAtLeast([3, 1, 4, 9], [3, 1, 5])).toBe(false);
    expect(isAtLeast([3, 10], [3, 9, 9])).toBe(true);
    expect(isAtLeast([2, 17, 1, 1], [3])).toBe(false);
  });

  it('chooses the writer of modern AsciiDoc: asciidoctor before pandoc 3.1.5, asciidoc from it', () => {
    expect(asciidocWriter([2, 17, 1, 1])).toBe('asciidoctor');
    expect(asciidocWriter([3, 1, 4])).toBe('asciidoctor');
    expect(asciidocWriter([3, 1, 5])).toBe('asciidoc');
    expect(asciidocWriter([3, 1, 11, 1])).toBe('asciidoc');
    expect(asciidocWriter(null)).toBe('asciidoc');
  });

  it('is asked of the pandoc installed here, and is null for no pandoc', async () => {
    const version = await pandocVersion('pandoc');
    expect(version?.length).toBeGreaterThanOrEqual(2);
    expect(await pandocVersion('/nonexistent/pandoc')).toBeNull();
  });

  it('is asked again after a failure, where a version read is kept', async () => {
    const installed = execFileSync('sh', ['-c', 'command -v pandoc'], { encoding: 'utf8' }).trim();
    const dir = mkdtempSync(join(tmpdir(), 'inkstone-pandoc-'));
    const path = join(dir, 'pandoc');
    try {
      // No pandoc there yet (or it could not be started this time): no version…
      expect(await pandocVersion(path)).toBeNull();
      // …and once it can be run, the next export reads its version.
      symlinkSync(installed, path);
      const version = await pandocVersion(path);
      expect(version).toEqual(await pandocVersion('pandoc'));
      expect(version?.length).toBeGreaterThanOrEqual(2);
      // A version read is not asked again: the same answer, with no pandoc to ask any more.
      rmSync(path);
      expect(await pandocVersion(path)).toBe(version);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
