import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';
import { type TextChange } from './line-index.js';
import { type MarkdownDocument, SLICED_EDIT_MIN_LENGTH } from './markdown-document.js';

// A paste split into blocks in slices (`edit` with `inSlices`, then `split`) must leave the
// document exactly as the same paste split in one go, and changes made while it is under way
// must land where they were made.

const converter = createConverter({ abbr: true, toc: true });
const corpus = fileURLToPath(new URL('../../../../bench/corpus/', import.meta.url));
const read = (name: string) => readFileSync(`${corpus}${name}.md`, 'utf8');
const small = read('doc-10k');
const pasted = read('doc-50k');

/** Everything a preview and an export get from a document: its sections' lines, the HTML of
 * the whole and the headings. */
const outcome = (document: MarkdownDocument) => {
  const update = document.update();
  return {
    lines: update.sections.map((section) => section.line),
    headings: update.headings,
    html: document.renderHtml().html,
  };
};

/** Splits in the smallest slices there are (every question to `shouldYield` says yes);
 * returns how many slices it took. */
const splitInSlices = (document: MarkdownDocument) => {
  let slices = 1;
  while (!document.split(() => true)) slices += 1;
  return slices;
};

const applied = (text: string, change: TextChange) =>
  text.slice(0, change.from) + change.insert + text.slice(change.to);

// (Pastes of 50,000 to 250,000 characters: seconds on a loaded machine.)
describe('a paste split into blocks in slices', { timeout: 60_000 }, () => {
  const places = (text: string) => {
    const middle = text.indexOf('\n', text.length >> 1) + 1;
    return {
      'into an empty text': { before: '', from: 0, to: 0 },
      'at the start': { before: text, from: 0, to: 0 },
      'at a line start in the middle': { before: text, from: middle, to: middle },
      'inside a line': { before: text, from: middle + 3, to: middle + 3 },
      'over a selection': { before: text, from: 200, to: middle + 40 },
      'at the end': { before: text, from: text.length, to: text.length },
    };
  };

  for (const [place, { before, from, to }] of Object.entries(places(small))) {
    it(`gives what a split in one go gives, pasted ${place}`, () => {
      const change = { from, to, insert: pasted };
      const once = converter.createDocument(before);
      once.update();
      once.edit([change]);
      const sliced = converter.createDocument(before);
      sliced.update();
      sliced.edit([change], { inSlices: true });
      expect(sliced.splitting).toBe(true);
      expect(splitInSlices(sliced)).toBeGreaterThan(20);
      expect(sliced.splitting).toBe(false);
      expect(sliced.text).toBe(applied(before, change));
      expect(outcome(sliced)).toEqual(outcome(once));
      expect(outcome(sliced)).toEqual(outcome(converter.createDocument(sliced.text)));
    });
  }

  it('gives what a split in one go gives for each document of the corpus', () => {
    for (const name of ['doc-10k', 'doc-50k', 'doc-250k']) {
      const text = read(name);
      // doc-10k alone is under the size split in slices: pasted three times over.
      const insert = text.length < SLICED_EDIT_MIN_LENGTH ? text.repeat(3) : text;
      const sliced = converter.createDocument('');
      sliced.update();
      sliced.edit([{ from: 0, to: 0, insert }], { inSlices: true });
      expect(sliced.splitting, name).toBe(true);
      splitInSlices(sliced);
      expect(outcome(sliced), name).toEqual(outcome(converter.createDocument(insert)));
    }
  });

  it('applies a change made meanwhile where it was made, at any place, never lost', () => {
    let state = 20260526;
    const random = (n: number) => {
      state = (state * 48271) % 2147483647;
      return state % n;
    };
    const typed = ['x', '\n', '\n\n', '# ', '* ', '```\n', '[ref]: /u\n', '[^1]', '| a |\n'];
    for (let round = 0; round < 12; round += 1) {
      const document = converter.createDocument(small);
      document.update();
      let expected = small;
      const at = random(small.length + 1);
      const paste = {
        from: at,
        to: Math.min(small.length, at + random(3) * random(200)),
        insert: pasted,
      };
      document.edit([paste], { inSlices: true });
      expected = applied(expected, paste);
      // Changes typed while the split goes on: before, inside and after the pasted text; now
      // and then a second paste, and a slice or two of the split between them.
      for (let k = 0; k < 8; k += 1) {
        const from = random(expected.length + 1);
        const to = Math.min(expected.length, from + (random(3) === 0 ? random(30) : 0));
        const insert = random(6) === 0 ? pasted.slice(0, 25_000) : typed[random(typed.length)]!;
        const change = { from, to, insert };
        document.edit([change], { inSlices: true });
        expected = applied(expected, change);
        for (let slices = random(4); slices > 0; slices -= 1) document.split(() => true);
      }
      const context = `round ${round}`;
      expect(document.splitting, context).toBe(true);
      expect(document.text, context).toBe(expected);
      expect(document.splitting, context).toBe(false);
      expect(outcome(document), context).toEqual(outcome(converter.createDocument(expected)));
    }
  });

  it('applies a change made meanwhile at once when it is not asked for in slices', () => {
    const document = converter.createDocument(small);
    document.update();
    document.edit([{ from: 0, to: 0, insert: pasted }], { inSlices: true });
    document.split(() => true);
    expect(document.splitting).toBe(true);
    document.edit([{ from: 0, to: 0, insert: '# Title\n\n' }]);
    expect(document.splitting).toBe(false);
    const expected = `# Title\n\n${pasted}${small}`;
    expect(outcome(document)).toEqual(outcome(converter.createDocument(expected)));
  });

  it('shows the whole paste at the next update, splitting what was left at once', () => {
    const document = converter.createDocument('');
    document.update();
    document.edit([{ from: 0, to: 0, insert: pasted }], { inSlices: true });
    document.split(() => true);
    const update = document.update();
    expect(document.splitting).toBe(false);
    expect(update.complete).toBe(true);
    expect(outcome(document)).toEqual(outcome(converter.createDocument(pasted)));
  });

  it('applies typing at once: only a paste-sized change is left to split', () => {
    const document = converter.createDocument(small);
    document.update();
    document.edit([{ from: 5, to: 5, insert: 'x'.repeat(SLICED_EDIT_MIN_LENGTH - 1) }], {
      inSlices: true,
    });
    expect(document.splitting).toBe(false);
    document.edit([{ from: 5, to: 5, insert: 'y' }], { inSlices: true });
    expect(document.splitting).toBe(false);
  });

  it('highlights code of a language that arrives while the split is under way', () => {
    // The code block was rendered plain (its language not loaded yet), then cut; the paste
    // brings it back, and its work is taken again. The language arrives at several steps of
    // the split: the first, and the last ones.
    const fence = '```js\nconst a = 1;\n```\n';
    const insert = `${fence}\n${`${'word '.repeat(20)}\n\n`.repeat(220)}`;
    let ready = false;
    const using = createConverter({}, (code, language) =>
      ready && language === 'js' ? `<span class="hl">${code}</span>` : null,
    );
    const splitFor = (steps: number) => {
      ready = false;
      const document = using.createDocument(`${fence}\nlast\n`);
      document.update();
      document.edit([{ from: 0, to: fence.length + 1, insert: '' }]);
      document.update();
      document.edit([{ from: 0, to: 0, insert }], { inSlices: true });
      let done = false;
      for (let k = 0; k < steps && !done; k += 1) done = document.split(() => true);
      return { document, done };
    };
    const counting = splitFor(0).document;
    let steps = 1;
    while (!counting.split(() => true)) steps += 1;
    // (The block is scanned in the first steps, and made into a unit again in the last ones.)
    for (const step of [0, 1, 2, steps - 3, steps - 2, steps - 1, steps]) {
      const { document } = splitFor(step);
      ready = true;
      document.refreshLanguage('js');
      // (What the preview shows: the sections' HTML handed out.)
      const shown = Object.values(document.update().html).join('');
      expect(shown, `language at step ${step}`).toContain('class="hl"');
    }
  });
});
