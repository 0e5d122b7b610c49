/**
 * Small documents that between them make every block and inline rule of the pipeline match
 * (with every extension on), rendered one by one in idle moments before the writer's own text
 * needs them (`apps/web` RenderEngine's warm-up).
 *
 * Why: in a fresh page every rule's first run pays for compiling its code and its regular
 * expressions. A 250,000-character paste into the empty file of a fresh app met all of that
 * within its first slices: measured in a fresh Node process, the paragraph with `:smile:` took
 * 22 ms (markdown-it-emoji's expression of every shortcode, compiled at its first use), the first
 * table 8, the first list 10, the first formula 9, where each takes under 1.5 ms the second time
 * (docs/adr/0003, "Warming the pipeline up"). Each sample is a document of its own and small, so
 * that one of them is a short task.
 */
const SAMPLES: readonly string[] = [
  // First, the costliest: emoji shortcodes (markdown-it-emoji's expression of every shortcode),
  // in two paragraphs, as V8 compiles an expression to machine code at its second run and the
  // replacing expression runs once per paragraph with emoji.
  'Emoji :smile: :rocket:\n\nMore :tada:\n',
  // Block structure: headings (ATX and setext), paragraphs, emphasis, code spans, escapes,
  // entities, hard breaks and a thematic break.
  '# A heading *with* `code`\n\nA setext heading\n---\n\nSome **strong** and _emphasis_, \\*escaped\\*, &amp; &copy; and a\\\nbreak; a soft\nbreak.\n\n***\n',
  // Links, images and their references, autolinks, raw HTML inline and as a block.
  '[a link](https://example.com "title"), ![an image](a.png), [a reference][ref], <https://example.org> and <b>bold</b>.\n\n[ref]: https://example.net\n\n<div class="note">\n<p>HTML</p>\n</div>\n',
  // Lists (bullet, ordered, nested, tasks) and a block quote.
  '- one\n- [x] done\n- [ ] to do\n  1. nested\n  2. list\n\n> A quote with a list:\n> 1. item\n',
  // Code: fenced without a language (no highlighter to load), indented.
  '```\nplain code\n```\n\n    indented code\n',
  // A table with alignments and inline content.
  '| Left | Centre | Right |\n| :--- | :----: | ----: |\n| *a* | `b` | 1 |\n| c | d | 2 |\n',
  // Formulas, inline and displayed.
  'Inline $E = mc^2$ and $\\sum_{i=1}^{n} x_i$.\n\n$$\n\\int_0^1 \\frac{x^2}{2}\\,dx\n$$\n',
  // Subscript, superscript, mark, strikethrough, typographer.
  'H~2~O, 2^10^, ==marked==, ~~struck~~ -- "quoted" (c) ...\n',
  // Bare links.
  'See https://example.com/path and www.example.org or mail a@example.com.\n',
  // Footnotes (referenced and inline), abbreviations, a definition list, image sizes, the TOC.
  '[TOC]\n\nA note[^1] and an inline one^[inline note]. The HTML spec.\n\n[^1]: The note.\n\n*[HTML]: Hyper Text Markup Language\n\nTerm\n: Its definition.\n\n![sized](b.png =100x50)\n',
];

/** Makes a sample's text one that the JavaScript engine stores two bytes a character. */
const TWO_BYTE_ENDING = '\n\n“Two-byte” text — ’\n';

/**
 * Each of `SAMPLES`, then the same as a text stored two bytes a character. V8 compiles a regular
 * expression once for each kind of string: a text of plain ASCII or Latin-1 is stored one byte a
 * character, a text with any other character two, and so is every slice of it (every block of a
 * pasted text with one curly quote or emoji in it). Warmed with one-byte samples alone, the
 * emoji paragraph of a 250,000-character paste still took 7.3 ms in Node (40 to 75 ms in the
 * app under a trace); with both, 1.6 ms.
 */
export const WARM_UP_SAMPLES: readonly string[] = SAMPLES.flatMap((sample) => [
  sample,
  sample + TWO_BYTE_ENDING,
]);
