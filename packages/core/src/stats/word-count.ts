// Words as the status bar counts them: runs of non-space characters, except that a run written
// in a script that puts no spaces between words (Chinese, Japanese, Thai…) is cut into words
// by the platform's word segmenter (Intl.Segmenter, ICU's dictionaries), which counts what a
// reader would: 今天天气很好 is 今天 天气 很好, three words, not one.

/** Scripts written without spaces between words. Korean is not one of them: its words
 * (eojeol) are separated by spaces, and a run of Hangul already counts as one word. */
export const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Whether a UTF-16 code unit may belong to one of those scripts (blocks of Thai, Lao, Myanmar,
 * Khmer, CJK, half-width katakana, and any surrogate): a run without such a code unit is one
 * word without a look at its scripts. English with its quotes and dashes, Korean, Greek… never
 * get that look. */
export function mayBeUnspaced(code: number): boolean {
  if (code < 0x0e00) return false;
  return (
    code <= 0x0eff ||
    (code >= 0x1000 && code <= 0x109f) ||
    (code >= 0x1780 && code <= 0x17ff) ||
    (code >= 0x19e0 && code <= 0x19ff) ||
    (code >= 0xa9e0 && code <= 0xa9ff) ||
    (code >= 0xaa60 && code <= 0xaa7f) ||
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xd800 && code <= 0xdbff) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff66 && code <= 0xff9f)
  );
}

/** Where a long run is cut before it is segmented: after punctuation that ends a clause in
 * Chinese and Japanese (never inside a word), and in a longer clause at a word boundary the
 * segmenter finds in its first `PIECE` code units or so. ICU segments a run in a time that
 * grows with the square of its length (a whole 32,000-character paragraph of Chinese: 87 ms;
 * in pieces of 200: 5 ms, in Node). */
const CLAUSE_END = /[。！？，、；：．｡､!?]/g;
const PIECE = 200;

/** Korean: a run holding Hangul counts by its spaces, even with Chinese characters (Hanja) in
 * it (大韓民國은 is one word, as its readers count). */
const HANGUL = /\p{Script=Hangul}/u;

/** Whether `code` (a UTF-16 code unit) is white space as `\s` means it. */
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Matches the empty string: run on one, it leaves that as the last match. */
const EMPTY = /(?:)/;

/** Makes the empty string the last match of the page's regular expressions. The last match
 * (RegExp.input, RegExp.lastMatch) keeps its subject alive until another match replaces it:
 * after a count, a run of the text, a slice of it that holds the whole text in memory. */
export function forgetLastMatch(): void {
  EMPTY.exec('');
}

type Segment = { index: number; isWordLike?: boolean };
type Segmenter = { segment(text: string): Iterable<Segment> };

let segmenter: Segmenter | null | undefined;

// The word segmenter, made once; null where the platform has none (then a run is one word, as
// it was before).
function wordSegmenter(): Segmenter | null {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl.Segmenter === 'function'
        ? new Intl.Segmenter(undefined, { granularity: 'word' })
        : null;
  }
  return segmenter;
}

/** The words of one run of non-space text that holds characters of an unspaced script: those
 * the segmenter finds, and at least one (a run of signs that are no word, such as 々, is one
 * word, as every run of non-space characters was before). */
export function segmentedWords(run: string): number {
  const words = wordSegmenter();
  if (!words) return 1;
  let count = 0;
  // A clause longer than PIECE is cut before the last segment the segmenter finds in its first
  // PIECE code units (that segment may have been cut short by the window), so that a word is
  // never cut in two; a window holding one segment only grows until it holds two.
  const countClause = (clause: string) => {
    let start = 0;
    let size = PIECE;
    while (clause.length - start > size) {
      let cut = -1;
      let found = 0;
      for (const segment of words.segment(clause.slice(start, start + size))) {
        if (segment.index > 0) {
          cut = segment.index;
          count += found;
          found = 0;
        }
        if (segment.isWordLike) found += 1;
      }
      if (cut < 0) {
        size *= 2;
        continue;
      }
      start += cut;
      size = PIECE;
    }
    for (const segment of words.segment(clause.slice(start))) if (segment.isWordLike) count += 1;
  };
  let start = 0;
  CLAUSE_END.lastIndex = 0;
  for (let match = CLAUSE_END.exec(run); match; match = CLAUSE_END.exec(run)) {
    countClause(run.slice(start, match.index + 1));
    start = match.index + 1;
  }
  if (start < run.length) countClause(run.slice(start));
  return Math.max(count, 1);
}

/** How many code units of new runs `WordCounter.countInSteps` segments between two pauses:
 * about a millisecond of work (ICU takes 1 to 2 µs a word). */
const SEGMENTED_PER_STEP = 1_000;

/** How many code units `WordCounter.countInSteps` reads between two pauses in any case, segmented
 * or not: a text written with spaces has nothing to segment, and at 1,000,000 characters reading
 * it once is 20 to 30 ms of the main thread (Chromium, this machine), too long for one task while
 * the user types. About 3 ms of reading. */
const SCANNED_PER_STEP = 100_000;

/** Counts the words of texts, remembering the counts of the segmented runs of the last text it
 * counted: counting again after an edit segments only the runs the edit changed (a run of
 * Chinese or Japanese is usually a whole paragraph). */
export class WordCounter {
  private counts = new Map<string, number>();

  /** The words of `text`: its runs of non-space characters, a run with characters of a script
   * written without spaces counting the words the segmenter finds in it. */
  count(text: string): number {
    const steps = this.countInSteps(text);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** `count`, in steps: it pauses after each thousand code units or so of runs it had not
   * counted before, so that the first count of a long Chinese text (250,000 characters: about
   * 150 ms) can be spread over several tasks, and after each 100,000 code units read, so that a
   * long text of any script can be too. What a count left unfinished has segmented is kept for
   * the next one. */
  *countInSteps(text: string): Generator<void, number, void> {
    const counts = new Map<string, number>();
    let words = 0;
    let segmented = 0;
    let start = -1;
    let wide = false;
    let readFrom = 0;
    for (let i = 0; i <= text.length; i += 1) {
      if (i - readFrom >= SCANNED_PER_STEP) {
        readFrom = i;
        yield;
      }
      const code = i < text.length ? text.charCodeAt(i) : 0x20;
      if (!isSpace(code)) {
        if (start < 0) {
          start = i;
          wide = mayBeUnspaced(code);
        } else if (!wide && mayBeUnspaced(code)) wide = true;
        continue;
      }
      if (start < 0) continue;
      const run = wide ? text.slice(start, i) : '';
      start = -1;
      if (!wide || !UNSPACED.test(run) || HANGUL.test(run)) {
        words += 1;
        continue;
      }
      let known = counts.get(run) ?? this.counts.get(run);
      if (known === undefined) {
        known = segmentedWords(run);
        this.counts.set(run, known);
        segmented += run.length;
      }
      counts.set(run, known);
      words += known;
      if (segmented >= SEGMENTED_PER_STEP) {
        segmented = 0;
        yield;
      }
    }
    this.counts = counts;
    forgetLastMatch();
    return words;
  }
}

/** The number of non-space characters of `text`, each character outside the Basic
 * Multilingual Plane (an emoji, a rare Chinese character such as 𠮷) counting once. */
export function countCharacters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) continue;
    // The second half of a surrogate pair was counted with the first.
    if (code >= 0xdc00 && code <= 0xdfff && i > 0) {
      const previous = text.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) continue;
    }
    count += 1;
  }
  return count;
}
