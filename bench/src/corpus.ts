import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAX_TEXT_LENGTH } from '@inkstone/core';

/** The shorter benchmark documents (bench/corpus, sources in its ATTRIBUTION.md): 10k, 50k and
 * 250k characters of real markdown. */
export const CORPUS = ['doc-10k', 'doc-50k', 'doc-250k'] as const;

/** The long manuscripts (issue 26), built like the others by bench/corpus/build-long.mjs: 1,000,000
 * and 2,000,000 characters. */
export const LONG_CORPUS = ['doc-1m', 'doc-2m'] as const;

/** Every document `pnpm bench` knows, shortest first. */
export const ALL_DOCS: readonly string[] = [...CORPUS, ...LONG_CORPUS];

/** The most characters the builds before issue 26 accept in a file (spec core §5 then): the
 * baseline refuses more. A later baseline (BENCH_BASELINE_REV) takes the long manuscripts too:
 * BENCH_BASELINE_MAX_LENGTH=10000000 measures it on them beside this build. */
export const BASELINE_MAX_LENGTH = readMaxLength(process.env.BENCH_BASELINE_MAX_LENGTH);

function readMaxLength(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 250_000;
  const length = Number(value);
  if (!Number.isInteger(length) || length < 1) {
    throw new Error(
      `BENCH_BASELINE_MAX_LENGTH must be a whole number of characters, 1 or more, got "${value}".`,
    );
  }
  return length;
}

/** Room left for the benchmark's typing: the cut of the older benchmark, kept so that figures compare across runs. */
const TYPING_ROOM = 100;

const corpusDir = fileURLToPath(new URL('../corpus/', import.meta.url));

/**
 * Reads one corpus document, cut at the last line break that leaves room for the benchmark's
 * typing within `limit` characters (by default the app's own limit, MAX_TEXT_LENGTH of
 * @inkstone/core): doc-250k is 250,324 characters, over the old limit of 250,000.
 */
export function readDoc(name: string, limit: number = MAX_TEXT_LENGTH): string {
  const text = readFileSync(`${corpusDir.replace(/\/$/, '')}/${name}.md`, 'utf8');
  const room = limit - TYPING_ROOM;
  if (text.length <= room) return text;
  return text.slice(0, text.lastIndexOf('\n', room - 1) + 1);
}

/**
 * The text of document `name` that both this build and the baseline take (cut to the baseline's
 * limit, as the benchmark always cut doc-250k), or undefined when the cut would lose more than a
 * few per cent of it: the baseline refuses the long manuscripts.
 */
export function baselineText(name: string): string | undefined {
  const whole = readDoc(name, Number.MAX_SAFE_INTEGER);
  const cut = readDoc(name, BASELINE_MAX_LENGTH);
  return cut.length >= whole.length * 0.95 ? cut : undefined;
}

/** The documents to measure: all of them, or those named in BENCH_DOCS (comma-separated, e.g.
 * `BENCH_DOCS=doc-250k,doc-1m pnpm bench`). */
export function selectedDocs(): readonly string[] {
  const wanted = process.env.BENCH_DOCS?.split(',').map((name) => name.trim());
  if (!wanted?.length) return ALL_DOCS;
  const unknown = wanted.filter((name) => !ALL_DOCS.includes(name));
  if (unknown.length) throw new Error(`Unknown corpus document: ${unknown.join(', ')}.`);
  return wanted;
}
