import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The benchmark documents (bench/corpus, sources in its ATTRIBUTION.md): 10k, 50k and 250k
 * characters of real markdown. */
export const CORPUS = ['doc-10k', 'doc-50k', 'doc-250k'] as const;

/** A file holds at most 250,000 characters (spec core §5) and the app refuses more; the
 * benchmark types up to a hundred characters into the document. */
const MAX_LENGTH = 250_000 - 100;

const corpusDir = fileURLToPath(new URL('../corpus/', import.meta.url));

/** Reads one corpus document, cut at the last line break that leaves room for the benchmark's
 * typing within the 250,000-character limit: doc-250k is 250,324 characters. */
export function readDoc(name: string): string {
  const text = readFileSync(`${corpusDir.replace(/\/$/, '')}/${name}.md`, 'utf8');
  if (text.length <= MAX_LENGTH) return text;
  return text.slice(0, text.lastIndexOf('\n', MAX_LENGTH - 1) + 1);
}

/** The documents to measure: all of them, or those named in BENCH_DOCS (comma-separated, e.g.
 * `BENCH_DOCS=doc-250k pnpm bench`). */
export function selectedDocs(): readonly string[] {
  const wanted = process.env.BENCH_DOCS?.split(',').map((name) => name.trim());
  if (!wanted?.length) return CORPUS;
  const unknown = wanted.filter((name) => !(CORPUS as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`Unknown corpus document: ${unknown.join(', ')}.`);
  return wanted;
}
