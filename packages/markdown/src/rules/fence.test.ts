import { describe, expect, it } from 'vitest';
import { dropLines } from './fence.js';

describe('dropLines', () => {
  it('drops whole lines and opens again the spans still open where the kept text starts', () => {
    const html =
      'a <span class="c">/* one\ntwo <span class="d">x\ny</span> three\n</span>four\nfive';
    expect(dropLines(html, 0)).toBe(html);
    expect(dropLines(html, 1)).toBe(
      '<span class="c">two <span class="d">x\ny</span> three\n</span>four\nfive',
    );
    expect(dropLines(html, 2)).toBe(
      '<span class="c"><span class="d">y</span> three\n</span>four\nfive',
    );
    expect(dropLines(html, 3)).toBe('<span class="c"></span>four\nfive');
    expect(dropLines(html, 4)).toBe('five');
  });

  it('leaves nothing when the code has no more lines than it drops', () => {
    expect(dropLines('<span class="c">a\n</span>', 1)).toBe('<span class="c"></span>');
    expect(dropLines('a\nb', 2)).toBe('');
  });
});
