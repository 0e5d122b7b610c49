/** The text of the 'Welcome file' created on first start (spec core §4): a tour of what the
 * editor does, written in the markdown it shows off. */
export const WELCOME_TEXT = `# Welcome to Inkstone!

Hi! This is your first file in **Inkstone**. Edit it to see how markdown becomes the preview on the right, or keep it as a cheat sheet: it is yours.

Everything you write is kept in this browser's database as you type, even offline. Close the tab, come back, and every word is still here — with the caret where you left it.

## Write in markdown

Use *emphasis*, **strong emphasis**, ~~strikethrough~~ and \`inline code\`. [Links](https://commonmark.org/help/) work as you would expect.

> Quotes stand out from the text around them.

1. Ordered lists
2. count for you
   - and nest
   - as deep as you need

## Keep track of tasks

- [x] Open Inkstone
- [ ] Write something worth keeping
- [ ] Show the table of contents with the side bar button

## Tables

| Feature | Where to find it |
| :-- | :-- |
| Live preview | to the right of the editor |
| Table of contents | the side bar |
| Statistics | the status bar, at the bottom |

## Mathematics

Inline formulas like $E=mc^2$ sit in the text, and display formulas stand on their own:

$$
\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}
$$

## Code

\`\`\`js
// Fenced code keeps its indentation.
function greet(name) {
  return \`Hello, \${name}!\`;
}
\`\`\`

## Footnotes

Footnotes keep asides out of the way.[^note]

[^note]: Like this one, shown at the end of the preview.
`;
