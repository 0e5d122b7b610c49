import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';

const render = (markdown: string, mark = true) => createConverter({ mark }).render(markdown).html;

describe('mark', () => {
  it('renders ==text== as <mark>, with markup inside', () => {
    expect(render('a ==very *much*== b')).toBe(
      '<p data-line="0">a <mark>very <em>much</em></mark> b</p>\n',
    );
  });

  it('leaves a single = and unflanked runs alone', () => {
    expect(render('a = b == c')).toBe('<p data-line="0">a = b == c</p>\n');
  });

  it('does not turn a setext underline into a mark', () => {
    expect(render('Title\n==')).toBe('<h1 id="title" data-line="0">Title</h1>\n');
  });

  it('is off when switched off', () => {
    expect(render('==x==', false)).toBe('<p data-line="0">==x==</p>\n');
  });
});
