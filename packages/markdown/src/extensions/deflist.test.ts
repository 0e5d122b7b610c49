import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';

const render = (markdown: string, deflist = true) =>
  createConverter({ deflist }).render(markdown).html;

describe('deflist', () => {
  it('renders terms and definitions with their source lines', () => {
    expect(render('Term *1*\n: First\n: Second\n\nTerm 2\n~ Third\n')).toBe(
      '<dl data-line="0">\n' +
        '<dt data-line="0">Term <em>1</em></dt>\n' +
        '<dd data-line="1">First</dd>\n' +
        '<dd data-line="2">Second</dd>\n' +
        '<dt data-line="4">Term 2</dt>\n' +
        '<dd data-line="5">Third</dd>\n' +
        '</dl>\n',
    );
  });

  it('holds blocks in a loose definition', () => {
    const html = render('Term\n\n:   Para one.\n\n    Para two.\n');
    expect(html).toContain('<dd data-line="2">\n<p data-line="2">Para one.</p>\n');
    expect(html).toContain('<p data-line="4">Para two.</p>\n</dd>');
  });

  it('is off when switched off', () => {
    expect(render('Term\n: def\n', false)).toBe('<p data-line="0">Term\n: def</p>\n');
  });
});
