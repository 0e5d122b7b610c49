'use client';

import './help-panel.css';

/** One line of the cheat sheet: what to type, and what it gives. */
interface CheatLine {
  source: string;
  result: string;
}

/** The markdown cheat sheet, by topic: what the preview understands (see
 * docs/reference/markdown-extensions.md for which preset turns on what). */
const CHEAT_SHEET: { topic: string; lines: CheatLine[] }[] = [
  {
    topic: 'Headings',
    lines: [
      { source: '# Heading 1', result: 'A level-1 heading' },
      { source: '### Heading 3', result: 'A level-3 heading (up to ######)' },
    ],
  },
  {
    topic: 'Emphasis',
    lines: [
      { source: '**bold**', result: 'bold' },
      { source: '_italic_', result: 'italic' },
      { source: '~~struck~~', result: 'strikethrough' },
      { source: '==marked==', result: 'highlighted' },
      { source: 'H~2~O, x^2^', result: 'subscript, superscript' },
    ],
  },
  {
    topic: 'Lists',
    lines: [
      { source: '- item', result: 'A bulleted list' },
      { source: '1. item', result: 'A numbered list' },
      { source: '- [ ] task', result: 'A task list (click the box in the preview)' },
    ],
  },
  {
    topic: 'Links and images',
    lines: [
      { source: '[text](https://example.com "title")', result: 'A link' },
      { source: '[text](Folder/Other file.md)', result: 'A link to another file of the workspace' },
      { source: '![alt](https://example.com/a.png =320x)', result: 'An image, 320 px wide' },
      { source: '<https://example.com>', result: 'A bare link' },
    ],
  },
  {
    topic: 'Blocks',
    lines: [
      { source: '> quoted', result: 'A block quote' },
      { source: '```js\ncode\n```', result: 'A code block, highlighted' },
      { source: '`code`', result: 'Inline code' },
      { source: '---', result: 'A horizontal rule' },
      { source: '| a | b |\n|---|--:|\n| 1 | 2 |', result: 'A table (:-- aligns a column)' },
    ],
  },
  {
    topic: 'Notes and terms',
    lines: [
      { source: 'Text[^1]\n\n[^1]: The note.', result: 'A footnote' },
      { source: '*[HTML]: Hyper Text Markup Language', result: 'An abbreviation' },
      { source: 'Term\n: Definition', result: 'A definition list' },
      { source: '[TOC]', result: 'A table of contents' },
    ],
  },
  {
    topic: 'Math and diagrams',
    lines: [
      { source: '$E = mc^2$', result: 'Inline math (KaTeX)' },
      { source: '$$\n\\sum_{i=1}^n i\n$$', result: 'A math block' },
      { source: '```mermaid\ngraph LR\nA --> B\n```', result: 'A Mermaid diagram' },
      { source: '```abc\nX:1\nK:C\nCDEF|\n```', result: 'Sheet music (abc notation)' },
    ],
  },
];

/** The help panel of the side bar: the markdown cheat sheet (spec interface §2). It scrolls by
 * itself and takes the focus, so that the keyboard can scroll it: it has no control of its own. */
export function HelpPanel() {
  return (
    <div className="cheat-sheet" role="document" aria-label="Markdown cheat sheet" tabIndex={0}>
      {CHEAT_SHEET.map(({ topic, lines }) => (
        <section key={topic} aria-label={topic}>
          <h3 className="cheat-sheet__topic">{topic}</h3>
          <dl>
            {lines.map(({ source, result }) => (
              <div key={source} className="cheat-sheet__line">
                <dt>
                  <code>{source}</code>
                </dt>
                <dd>{result}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
