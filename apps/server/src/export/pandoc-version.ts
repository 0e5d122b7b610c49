import { tmpdir } from 'node:os';
import { runPandoc } from './run-pandoc.js';

/** A pandoc version, its numbers in order (`[3, 1, 11, 1]`). */
export type PandocVersion = readonly number[];

/** The version `pandoc --version` prints on its first line (`pandoc 3.1.11.1`), or null. */
export function parsePandocVersion(text: string): PandocVersion | null {
  const match = /^pandoc(?:\.exe)?\s+(\d+(?:\.\d+)*)/.exec(text.trimStart());
  return match ? match[1]!.split('.').map(Number) : null;
}

/** Whether `version` is `than` or later. */
export function isAtLeast(version: PandocVersion, than: PandocVersion): boolean {
  for (let i = 0; i < Math.max(version.length, than.length); i += 1) {
    const difference = (version[i] ?? 0) - (than[i] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/** pandoc's writer of AsciiDoc as the AsciiDoc community now defines it (Asciidoctor's
 * language): `asciidoc` from pandoc 3.1.5 on; before, `asciidoc` wrote the legacy dialect of
 * the Python tool (`☐` for a task, `` `code` ``) and `asciidoctor` the modern one. So Debian
 * 12's pandoc 2.17 and Debian 13's 3.1.11 (the Docker image's) write the same language. An
 * unknown version gets `asciidoc`. */
export function asciidocWriter(version: PandocVersion | null): string {
  return version === null || isAtLeast(version, [3, 1, 5]) ? 'asciidoc' : 'asciidoctor';
}

const versions = new Map<string, Promise<PandocVersion | null>>();

/** The version of the pandoc at `pandocPath`, or null when it cannot be read. A version read is
 * kept for good; a failure is not (a time-out on a loaded host, a spawn refused, pandoc not yet
 * installed): the next call asks again, so that one failure does not choose the writers of an
 * unknown version until the server restarts. Calls made while one asks share its answer. */
export function pandocVersion(pandocPath: string): Promise<PandocVersion | null> {
  const known = versions.get(pandocPath);
  if (known) return known;
  const asked: Promise<PandocVersion | null> = runPandoc(
    pandocPath,
    ['--version'],
    '',
    tmpdir(),
    Date.now() + 10_000,
  )
    .then(
      (out) => parsePandocVersion(out.toString('utf8')),
      () => null,
    )
    .then((read) => {
      if (read === null && versions.get(pandocPath) === asked) versions.delete(pandocPath);
      return read;
    });
  versions.set(pandocPath, asked);
  return asked;
}
