// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createInterimDiagramSanitizer, isSafeDiagramCss } from './diagram-sanitizer';

const sanitizer = createInterimDiagramSanitizer(window);

describe('the interim diagram sanitiser', () => {
  it('removes script, event handlers, javascript: links and HTML in <foreignObject>', () => {
    const clean = sanitizer.sanitize(
      '<svg onload="alert(1)"><script>alert(2)</script>' +
        '<a href="javascript:alert(3)"><text onclick="alert(4)">A</text></a>' +
        '<a xlink:href="javascript:alert(5)"><text>B</text></a>' +
        '<foreignObject><div><img src="x" onerror="alert(6)"></div></foreignObject></svg>',
    );
    expect(clean).not.toMatch(/onload|onclick|onerror|script|javascript|foreignObject|img/i);
    expect(clean).toContain('<text>A</text>');
    expect(clean).toContain('<text>B</text>');
  });

  it('keeps drawing styles and references inside the drawing, drops those that fetch', () => {
    const clean = sanitizer.sanitize(
      '<svg><style>#m .node{fill:#fff;filter:url(#m-shadow)}</style>' +
        '<path style="stroke-width: 1" marker-end="url(#m_arrow)"></path>' +
        '<rect fill="url(https://tracker.example/x.svg#p)" style="fill: url(https://tracker.example/)"></rect></svg>',
    );
    expect(clean).toContain('<style>#m .node{fill:#fff;filter:url(#m-shadow)}</style>');
    expect(clean).toContain('<path style="stroke-width: 1" marker-end="url(#m_arrow)"></path>');
    expect(clean).toContain('<rect></rect>');
    expect(sanitizer.sanitize('<svg><style>@import "https://x.example/a.css";</style></svg>')).toBe(
      '<svg></svg>',
    );
  });

  it('allows CSS that cannot load anything nor cover the app', () => {
    expect(isSafeDiagramCss('fill: red; filter: url(#shadow); marker: url( "#m" )')).toBe(true);
    for (const css of [
      'background: url(https://x.example)',
      'background: url(//x.example)',
      'background: url(data:image/png;base64,AA)',
      'background: image-set("a.png" 1x)',
      'position: fixed; inset: 0',
      'b\\61 ckground: u\\72l(x)',
      'back/**/ground: x',
      '@font-face { src: local(x) }',
    ]) {
      expect(isSafeDiagramCss(css), css).toBe(false);
    }
  });
});
