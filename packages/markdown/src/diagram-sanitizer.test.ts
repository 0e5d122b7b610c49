import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createDiagramSanitizer, MERMAID_CONFIG } from './diagram-sanitizer.js';

const window = new JSDOM('').window;
const sanitizer = createDiagramSanitizer(window);
const sanitize = (svg: string) => sanitizer.sanitize(svg);

// Parses sanitised output as the preview will: into an HTML element.
function parse(html: string): HTMLElement {
  const container = window.document.createElement('div');
  container.innerHTML = html;
  return container;
}

// Samples written after what Mermaid 12 (securityLevel 'strict', htmlLabels off) and abcjs 6
// draw, trimmed to a few elements of each kind.
const MERMAID_FLOWCHART =
  '<svg id="mermaid-1" width="100%" xmlns="http://www.w3.org/2000/svg" class="flowchart" ' +
  'style="max-width: 512px;" viewBox="-8 -8 512 200" role="graphics-document document" ' +
  'aria-roledescription="flowchart-v2"><style>' +
  '#mermaid-1{font-family:"trebuchet ms",verdana,arial,sans-serif;font-size:16px;fill:#333;}' +
  '@keyframes dash{to{stroke-dashoffset:0;}}' +
  '#mermaid-1 .node rect,#mermaid-1 .node polygon{fill:#ECECFF;stroke:#9370DB;stroke-width:1px;}' +
  '#mermaid-1 .edge-animation-fast{stroke-dasharray:9,5!important;animation:dash 20s linear infinite;}' +
  '#mermaid-1 [data-look="neo"].node rect{filter:url(#mermaid-1-drop-shadow);}' +
  '#mermaid-1 .green>*{fill:#9f6!important;stroke:#333!important;}' +
  '</style><g><marker id="mermaid-1_flowchart-v2-pointEnd" class="marker flowchart-v2" ' +
  'viewBox="0 0 10 10" refX="5" refY="5" markerUnits="userSpaceOnUse" markerWidth="8" ' +
  'markerHeight="8" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" class="arrowMarkerPath" ' +
  'style="stroke-width: 1; stroke-dasharray: 1, 0;"></path></marker>' +
  '<defs><filter id="mermaid-1-drop-shadow" height="130%" width="130%">' +
  '<feDropShadow dx="4" dy="4" stdDeviation="0" flood-opacity="0.06" flood-color="#000000">' +
  '</feDropShadow></filter></defs><g class="root"><g class="edgePaths">' +
  '<path d="M71,50L96,50" id="L_A_B_0" class="edge-thickness-normal edge-pattern-solid flowchart-link" ' +
  'style="stroke-dasharray: 0 0 25 0;stroke:#ff3;stroke-width:4px;fill:none;" data-edge="true" ' +
  'data-et="edge" data-id="L_A_B_0" data-points="W3sieCI6NzF9XQ==" ' +
  'marker-end="url(#mermaid-1_flowchart-v2-pointEnd)"></path></g>' +
  '<g class="nodes"><a xlink:href="https://example.com" transform="translate(0, 0)">' +
  '<g class="node default green" id="flowchart-A-0" data-look="neo" transform="translate(35.5, 50)">' +
  '<rect class="basic label-container" style="fill:#9f6 !important;stroke:#333 !important" ' +
  'x="-35.5" y="-27" width="71" height="54"></rect><g class="label" transform="translate(0, -12)">' +
  '<text y="-10.1"><tspan class="text-outer-tspan" x="0" y="-0.1em" dy="1.1em">' +
  '<tspan font-style="normal" class="text-inner-tspan" font-weight="normal">Start</tspan>' +
  '</tspan></text></g></g></a>' +
  '<g class="node default" id="flowchart-B-1" transform="translate(150, 50)">' +
  '<polygon points="27,0 54,-27 27,-54 0,-27" class="label-container" ' +
  'transform="translate(-27,27)"></polygon></g></g></g></g></svg>';

const MERMAID_SEQUENCE =
  '<svg aria-roledescription="sequence" role="graphics-document document" viewBox="-50 -10 400 300" ' +
  'style="max-width: 400px;" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
  'width="100%" id="mermaid-2"><style>#mermaid-2 .actor{stroke:hsl(259.6, 59.8%, 87.9%);fill:#ECECFF;}' +
  '#mermaid-2 [id$="-arrowhead"] path{fill:#333;stroke:#333;}</style>' +
  '<g><rect class="actor actor-bottom" ry="3" rx="3" name="Alice" height="65" width="150" ' +
  'stroke="#666" fill="#eaeaea" y="200" x="0"></rect><text style="text-anchor: middle; ' +
  'font-size: 16px; font-weight: 400;" class="actor actor-box" alignment-baseline="central" ' +
  'dominant-baseline="central" y="232.5" x="75"><tspan dy="0" x="75">Alice</tspan></text></g>' +
  '<defs><symbol height="24" width="24" id="computer"><path d="M2 2v13h20v-13h-20z"></path>' +
  '</symbol></defs><defs><marker orient="auto-start-reverse" markerHeight="12" markerWidth="12" ' +
  'markerUnits="userSpaceOnUse" refY="5" refX="7.9" id="mermaid-2-arrowhead">' +
  '<path d="M -1 0 L 10 5 L 0 10 z"></path></marker></defs>' +
  '<line class="messageLine0" y2="109" x2="276" y1="109" x1="76" stroke-width="2" stroke="none" ' +
  'marker-end="url(#mermaid-2-arrowhead)" style="fill: none;"></line></svg>';

// Mermaid's user journey still offers an HTML label in a <switch>, with an SVG text fallback.
const MERMAID_JOURNEY =
  '<svg id="mermaid-3" width="100%" xmlns="http://www.w3.org/2000/svg" viewBox="0 -25 800 500">' +
  '<g><rect x="150" y="50" fill="#191970" width="350" height="50" rx="3" ry="3"></rect><switch>' +
  '<foreignObject x="150" y="50" width="350" height="50"><div xmlns="http://www.w3.org/1999/xhtml" ' +
  'style="display: table; height: 100%; width: 100%;">Go to work</div></foreignObject>' +
  '<text x="325" y="75" dominant-baseline="central" style="text-anchor: middle; font-size: 14px;">' +
  '<tspan x="325" dy="0">Go to work</tspan></text></switch></g></svg>';

const MERMAID_SANKEY_AND_TREEMAP =
  '<svg id="mermaid-4" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400">' +
  '<g class="link" style="mix-blend-mode: multiply;"><linearGradient id="linearGradient-4" ' +
  'gradientUnits="userSpaceOnUse" x1="10" x2="590"><stop offset="0%" stop-color="#4e79a7"></stop>' +
  '<stop offset="100%" stop-color="#f28e2c"></stop></linearGradient>' +
  '<path d="M10,131C300,131,300,124,590,124" stroke="url(#linearGradient-4)" ' +
  'stroke-width="248.6"></path></g><clipPath id="clip-mermaid-4-1"><rect width="94" height="30">' +
  '</rect></clipPath><text clip-path="url(#clip-mermaid-4-1)" x="4" y="18">Leaf</text></svg>';

const ABCJS_TUNE =
  '<svg xmlns:xlink="http://www.w3.org/1999/xlink" role="img" fill="currentColor" ' +
  'stroke="currentColor" aria-label="Sheet Music for &quot;Speed the Plough&quot;" ' +
  'viewBox="0 0 770 377" preserveAspectRatio="xMinYMin meet" ' +
  'style="display: inline-block; position: absolute; top: 0px; left: 0px;">' +
  '<style>.abcjs-dragging-in-progress text, .abcjs-dragging-in-progress tspan ' +
  '{-webkit-user-select: none; user-select: none;}</style>' +
  '<title>Sheet Music for "Speed the Plough"</title><g class="abcjs-meta-top">' +
  '<text stroke="none" font-size="27" font-style="normal" font-family="Times New Roman" ' +
  'font-weight="normal" text-decoration="none" class="abcjs-title" text-anchor="middle" x="385" ' +
  'y="49.56" data-name="title"><tspan x="385">Speed the Plough</tspan></text></g>' +
  '<g class="abcjs-staff abcjs-l0 abcjs-v0"><path d="M 15 116.58 L 755 116.58 L 755 117.28 z" ' +
  'stroke="none" fill="currentColor" class="abcjs-top-line"></path></g>' +
  '<g class="abcjs-note abcjs-l0 abcjs-m0 abcjs-n0 abcjs-v0" data-index="12" data-name="note" ' +
  'selectable="true"><path data-name="noteheads.quarter" d="M 58.5 140 c 1 0 2 1 2 2z" ' +
  'stroke="none"></path></g></svg>';

describe('diagram sanitiser: what Mermaid and abcjs draw survives', () => {
  it('keeps a flowchart: shapes, text, markers, filters, scoped style, inline styles', () => {
    const svg = parse(sanitize(MERMAID_FLOWCHART)).querySelector('svg')!;
    expect(svg.id).toBe('mermaid-1');
    expect(svg.getAttribute('viewBox')).toBe('-8 -8 512 200');
    expect(svg.getAttribute('aria-roledescription')).toBe('flowchart-v2');
    expect(svg.getAttribute('style')).toBe('max-width: 512px');
    expect(svg.querySelector('marker')!.getAttribute('refX')).toBe('5');
    // jsdom leaves the name feDropShadow in lower case; browsers restore its capitals.
    expect(svg.querySelector('filter')!.firstElementChild!.getAttribute('flood-opacity')).toBe(
      '0.06',
    );
    const edge = svg.querySelector('#L_A_B_0')!;
    expect(edge.getAttribute('marker-end')).toBe('url(#mermaid-1_flowchart-v2-pointEnd)');
    expect(edge.getAttribute('d')).toBe('M71,50L96,50');
    expect(edge.getAttribute('data-et')).toBe('edge');
    expect(edge.getAttribute('style')).toContain('stroke-width: 4px');
    expect(svg.querySelector('rect')!.getAttribute('style')).toContain('!important');
    expect(svg.querySelector('polygon')!.getAttribute('points')).toBe('27,0 54,-27 27,-54 0,-27');
    expect(svg.querySelector('.text-inner-tspan')!.textContent).toBe('Start');
    expect(svg.querySelector('[data-look="neo"]')).not.toBeNull();
    const css = svg.querySelector('style')!.textContent;
    expect(css).toContain('#mermaid-1 .node rect');
    expect(css).toContain('filter: url("#mermaid-1-drop-shadow")');
    expect(css).toMatch(/fill: (#9f6|rgb\(153, 255, 102\)) !important/);
  });

  it('keeps a sequence diagram: symbols, markers on lines, attribute selectors', () => {
    const svg = parse(sanitize(MERMAID_SEQUENCE)).querySelector('svg')!;
    expect(svg.querySelector('symbol#computer path')).not.toBeNull();
    expect(svg.querySelector('line')!.getAttribute('marker-end')).toBe('url(#mermaid-2-arrowhead)');
    expect(svg.querySelector('tspan')!.textContent).toBe('Alice');
    expect(svg.querySelector('style')!.textContent).toContain('#mermaid-2 [id$="-arrowhead"] path');
  });

  it('keeps gradients and clip paths referenced with url(#id)', () => {
    const svg = parse(sanitize(MERMAID_SANKEY_AND_TREEMAP)).querySelector('svg')!;
    expect(svg.querySelector('linearGradient stop')!.getAttribute('stop-color')).toBe('#4e79a7');
    expect(svg.querySelector('path')!.getAttribute('stroke')).toBe('url(#linearGradient-4)');
    expect(svg.querySelector('text')!.getAttribute('clip-path')).toBe('url(#clip-mermaid-4-1)');
    expect(svg.querySelector('clipPath rect')).not.toBeNull();
  });

  it('keeps the SVG text of a journey label and drops its HTML twin', () => {
    const svg = parse(sanitize(MERMAID_JOURNEY)).querySelector('svg')!;
    expect(svg.querySelector('foreignObject, div')).toBeNull();
    expect(svg.querySelector('switch > text')!.textContent).toBe('Go to work');
  });

  it('keeps an abcjs tune, without its style (it has no id to scope it to)', () => {
    const svg = parse(sanitize(ABCJS_TUNE)).querySelector('svg')!;
    expect(svg.getAttribute('aria-label')).toBe('Sheet Music for "Speed the Plough"');
    expect(svg.getAttribute('preserveAspectRatio')).toBe('xMinYMin meet');
    expect(svg.querySelector('title')!.textContent).toBe('Sheet Music for "Speed the Plough"');
    expect(svg.querySelector('text')!.getAttribute('font-family')).toBe('Times New Roman');
    expect(svg.querySelector('[data-name="noteheads.quarter"]')).not.toBeNull();
    expect(svg.querySelector('style')).toBeNull();
    // `position: absolute` (abcjs's responsive mode) is dropped, the rest of the style kept.
    expect(svg.getAttribute('style')).toBe('display: inline-block; top: 0px; left: 0px');
  });

  it('keeps the text of a link and drops the link', () => {
    const svg = parse(sanitize(MERMAID_FLOWCHART)).querySelector('svg')!;
    expect(svg.querySelector('a, [href], [*|href]')).toBeNull();
    expect(svg.querySelector('#flowchart-A-0')).not.toBeNull();
  });

  it('keeps a linked part where the layout put it: the link becomes a group', () => {
    const html = sanitize(
      '<svg id="d" xmlns="http://www.w3.org/2000/svg"><a href="https://x.test" transform="translate(10,20)" class="node-link" onclick="alert(1)"><g class="node"><text>Docs</text></g></a></svg>',
    );
    expect(html).toBe(
      '<svg id="d" xmlns="http://www.w3.org/2000/svg"><g transform="translate(10,20)" class="node-link"><g class="node"><text>Docs</text></g></g></svg>',
    );
  });
});

describe('diagram sanitiser: what it removes', () => {
  const wrap = (inner: string) => `<svg id="d" xmlns="http://www.w3.org/2000/svg">${inner}</svg>`;

  it('removes scripts and event handlers', () => {
    const html = sanitize(
      '<svg id="d" onload="alert(1)"><script>alert(2)</script><g onclick="alert(3)">' +
        '<rect onmouseover="alert(4)" width="1"></rect></g></svg>',
    );
    expect(html).toBe('<svg id="d"><g><rect width="1"></rect></g></svg>');
  });

  it.each([
    ['a link', '<a href="javascript:alert(1)"><text>x</text></a>'],
    ['an xlink link', '<a xlink:href="javascript:alert(1)"><text>x</text></a>'],
    ['use with data:', '<use href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"></use>'],
    ['use with an external file', '<use xlink:href="https://x.test/s.svg#a"></use>'],
    ['use with a fragment', '<use href="#d"></use>'],
    ['image', '<image href="https://x.test/t.png"></image>'],
    ['feImage', '<filter id="f"><feImage href="javascript:alert(1)"></feImage></filter>'],
    ['pattern', '<pattern id="p" href="https://x.test/p.svg#p"></pattern>'],
    ['textPath', '<text><textPath href="javascript:alert(1)">t</textPath></text>'],
    ['animate', '<a><animate attributeName="href" to="javascript:alert(1)"></animate></a>'],
    ['set', '<set attributeName="onmouseover" to="alert(1)"></set>'],
    ['animateTransform', '<animateTransform attributeName="transform"></animateTransform>'],
    ['foreignObject', '<foreignObject><img src="x" onerror="alert(1)"></foreignObject>'],
    ['iframe', '<foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject>'],
    ['math', '<foreignObject><math><mtext>x</mtext></math></foreignObject>'],
  ])('removes %s', (_, inner) => {
    const svg = parse(sanitize(wrap(inner))).querySelector('svg')!;
    expect(svg.querySelector('a, use, image, feImage, pattern, textPath, animate, set')).toBeNull();
    expect(svg.querySelector('animateTransform, foreignObject, img, iframe, math')).toBeNull();
    expect(svg.outerHTML).not.toMatch(/href|javascript|alert|on[a-z]+=/i);
  });

  it.each([
    'url(https://x.test/p.svg#g)',
    'url(javascript:alert(1))',
    'url(data:image/svg+xml;base64,AAAA)',
    'url( "//x.test/#g")',
    'url(#a) url(https://x.test/b)',
  ])('drops presentation attributes that reach outside: %s', (value) => {
    const html = sanitize(
      wrap(`<path fill="${value}" filter="${value}" marker-end="${value}" clip-path="${value}">`),
    );
    expect(html).toBe('<svg id="d" xmlns="http://www.w3.org/2000/svg"><path></path></svg>');
  });

  it('filters style attributes by declaration', () => {
    const svg = parse(
      sanitize(
        wrap(
          '<rect style="fill:red;background-image:url(https://x.test/t.png)"></rect>' +
            '<rect style="position:fixed;inset:0;width:100vw"></rect>' +
            '<rect style="filter:url(#shadow);marker-end:url(https://x.test/m.svg#m)"></rect>' +
            '<rect style="behavior:url(x.htc);-moz-binding:url(x.xml#b)"></rect>',
        ),
      ),
    ).querySelector('svg')!;
    const styles = Array.from(svg.children, (rect) => rect.getAttribute('style'));
    expect(styles).toEqual([
      'fill: red',
      'inset: 0px; width: 100vw',
      'filter: url("#shadow")',
      null,
    ]);
  });

  it('drops data attributes the preview gives a meaning to, and unknown ones', () => {
    const html = sanitize(wrap('<g data-line="3" data-diagram="mermaid" data-x="1" name="n"></g>'));
    expect(html).toBe('<svg id="d" xmlns="http://www.w3.org/2000/svg"><g></g></svg>');
  });

  it('keeps only top-level <svg> elements', () => {
    expect(sanitize('<p>text</p><img src=x onerror=alert(1)><svg id="a"></svg>tail')).toBe(
      '<svg id="a"></svg>',
    );
    expect(sanitize('<svg id="a"></svg><svg id="b"></svg>')).toBe(
      '<svg id="a"></svg><svg id="b"></svg>',
    );
    // An element outside the profile goes, its content stays: here the <svg>.
    expect(sanitize('<div><svg id="a"></svg></div>')).toBe('<svg id="a"></svg>');
    expect(sanitize('just text')).toBe('');
  });

  it('keeps what a <style> breaking out of SVG leaves only as text', () => {
    // In SVG, <style> holds markup; <img> ends the SVG. Nothing of it may come back as HTML.
    const html = sanitize('<svg id="d"><style><img src=x onerror=alert(1)></style></svg>');
    expect(parse(html).querySelector('img')).toBeNull();
    expect(html).not.toContain('onerror');
    const title = sanitize('<svg id="d"><title><img src=x onerror=alert(1)></title></svg>');
    expect(parse(title).querySelector('img')).toBeNull();
  });

  it('removes nested and top-level style elements', () => {
    const css = '#d .a{fill:red}';
    const html = sanitize(`<style>${css}</style><svg id="d"><g><style>${css}</style></g></svg>`);
    expect(html).toBe('<svg id="d"><g></g></svg>');
  });
});

describe('diagram sanitiser: the style sheet', () => {
  const styled = (css: string, id = 'mermaid-9') =>
    parse(sanitize(`<svg id="${id}"><style>${css}</style><g></g></svg>`)).querySelector('style')
      ?.textContent ?? '';

  it('keeps rules scoped to the drawing, rebuilt from the parsed sheet', () => {
    expect(styled('#mermaid-9 .node rect{fill:#ECECFF;stroke-width:1px}')).toBe(
      '#mermaid-9 .node rect { fill: rgb(236, 236, 255); stroke-width: 1px; }',
    );
    expect(styled('#mermaid-9{font-size:16px}#mermaid-9 > g{stroke:none}')).toBe(
      '#mermaid-9 { font-size: 16px; }\n#mermaid-9 > g { stroke: none; }',
    );
  });

  it.each([
    ['an unscoped rule', 'body{display:none}'],
    ['a rule for another id', '#mermaid-90 .a{fill:red}'],
    ['a rule for a descendant of the page', 'body #mermaid-9 .a{fill:red}'],
    ['a sibling of the drawing', '#mermaid-9 ~ *{display:none}'],
    ['an adjacent sibling', '#mermaid-9+p{display:none}'],
    ['one unscoped selector of a list', '#mermaid-9 .a, .app{display:none}'],
    ['nesting', '#mermaid-9{& ~ div{display:none}}'],
    ['@import', '@import url(https://x.test/a.css);'],
    ['@font-face', '@font-face{font-family:x;src:url(https://x.test/f.woff)}'],
    ['@media', '@media screen{#mermaid-9 .a{fill:red}}'],
    ['@keyframes', '@keyframes dash{to{stroke-dashoffset:0}}'],
  ])('drops %s', (_, css) => {
    expect(styled(css)).toBe('');
  });

  it.each([
    ['a URL to load', 'background-image:url(https://x.test/t.png)'],
    ['an image set', 'background-image:image-set("a.png" 1x)'],
    ['a fixed overlay', 'position:fixed'],
    ['an absolute overlay', 'position:absolute'],
    ['a position in a variable', 'position:var(--p)'],
    ['a filter from a file', 'filter:url(https://x.test/f.svg#f)'],
    ['a marker from a file', 'marker-end:url(https://x.test/m.svg#m)'],
    ['a local reference outside SVG properties', 'background-image:url(#g)'],
    ['an old IE expression', 'width:expression(alert(1))'],
  ])('drops a declaration with %s', (_, declarations) => {
    expect(styled(`#mermaid-9 .a{${declarations};fill:red}`)).toBe('#mermaid-9 .a { fill: red; }');
  });

  it('drops a rule with markup in it', () => {
    // Escaped here, as the HTML parser would otherwise end the <style> at "</style>".
    expect(styled('#mermaid-9 .a{fill:red;content:"&lt;/style&gt;&lt;img src=x"}')).toBe('');
    expect(styled('#mermaid-9 [title="&lt;img"]{fill:red}')).toBe('');
  });

  it('drops the whole sheet when the drawing has no plain id', () => {
    expect(styled('#x .a{fill:red}', '')).toBe('');
    expect(styled('#1x .a{fill:red}', '1x')).toBe('');
  });
});

describe('MERMAID_CONFIG', () => {
  it('is strict, without HTML labels, and no directive may change that or add CSS', () => {
    expect(MERMAID_CONFIG).toMatchObject({ securityLevel: 'strict', htmlLabels: false });
    expect(MERMAID_CONFIG.flowchart.htmlLabels).toBe(false);
    for (const key of ['secure', 'securityLevel', 'htmlLabels', 'themeCSS', 'fontFamily']) {
      expect(MERMAID_CONFIG.secure).toContain(key);
    }
  });
});
