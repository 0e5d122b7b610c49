import { readFileSync } from 'node:fs';
import { tests as commonmarkExamples } from 'commonmark-spec';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../e2e/tests/fixtures/xss-payloads.js';
import { createConverter } from './converter.js';
import { isGroupable } from './sanitizer-grouping.js';
import { createSanitizer } from './sanitizer.js';

// Grouping must not change a single node: each section cleaned in a group has to come out exactly
// as it does cleaned alone. Compared here node by node (type, namespace, name, attributes in
// order with their namespaces, text), not by serialised HTML, which hides namespaces: an `<svg>`
// parsed as HTML and one parsed as SVG serialise alike.

const window = new JSDOM('').window;
const sanitizer = createSanitizer(window);

function describeNode(node: Node): string {
  if (node.nodeType === 3) return `#text ${JSON.stringify((node as Text).data)}`;
  if (node.nodeType === 8) return `#comment ${JSON.stringify((node as Comment).data)}`;
  if (node.nodeType !== 1) return `#${node.nodeType} ${node.nodeName}`;
  const element = node as Element;
  const attributes = Array.from(element.attributes).map(
    (a) => `${a.namespaceURI ?? ''}:${a.name}=${JSON.stringify(a.value)}`,
  );
  const children = Array.from(element.childNodes).map(describeNode);
  return `<${element.namespaceURI}:${element.localName} ${attributes.join(' ')}>[${children.join(',')}]`;
}

// Adjacent text nodes are merged first: DOMPurify, cleaning a section alone, gives its leading
// whitespace a text node of its own (it re-inserts what the document parser drops), which shows
// exactly as one text node does.
const describeFragment = (fragment: DocumentFragment) => {
  fragment.normalize();
  return Array.from(fragment.childNodes).map(describeNode).join(',');
};

// Each distinct section cleaned alone once: the same boilerplate sections stand between the
// examples below hundreds of times, and jsdom makes a document for every parse.
const aloneByHtml = new Map<string, string>();
const alone = (html: string) => {
  let described = aloneByHtml.get(html);
  if (described === undefined) {
    described = describeFragment(sanitizer.sanitizeToFragment(html));
    aloneByHtml.set(html, described);
  }
  return described;
};

/** Each section as `sanitizeManyToFragments` gives it. */
const grouped = (htmls: readonly string[]) =>
  sanitizer.sanitizeManyToFragments(htmls).map(describeFragment);

/** Each section as one parse of all of them in divs gives it, with no check and no fallback:
 * what grouping would show if `isGroupable` let it through. Undefined when the divs came apart. */
function rawGroup(htmls: readonly string[]): string[] | undefined {
  const fragment = sanitizer.sanitizeToFragment(`<div>${htmls.join('</div><div>')}</div>`);
  const wrappers = Array.from(fragment.childNodes);
  if (wrappers.length !== htmls.length || wrappers.some((node) => node.nodeName !== 'DIV')) {
    return undefined;
  }
  return wrappers.map((wrapper) => {
    wrapper.normalize();
    return Array.from(wrapper.childNodes).map(describeNode).join(',');
  });
}

/** Asserts every section of `htmls`, cleaned as the preview would in groups, equals it alone,
 * and that every section `isGroupable` accepts also comes out of a bare group unchanged. */
function expectSameAsAlone(htmls: readonly string[]): void {
  expect(grouped(htmls)).toEqual(htmls.map(alone));
  const accepted = htmls.filter(isGroupable);
  if (accepted.length > 1) expect(rawGroup(accepted)).toEqual(accepted.map(alone));
}

/** Numbers below `n` from a fixed seed: a 32-bit linear congruential generator in integer
 * arithmetic, read from its high bits (its low bits cycle quickly; in floating point the product
 * loses them altogether). */
function seededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 16) % n;
  };
}

const defaultConverter = createConverter();

const sectionsOf = (markdown: string, converter = defaultConverter) => {
  const update = converter.createDocument(markdown).update();
  return update.sections.map((section) => update.html[section.id]!);
};

const corpus = (name: string) =>
  readFileSync(new URL(`../../../bench/corpus/${name}.md`, import.meta.url), 'utf8');

describe('isGroupable', () => {
  it('takes what markdown-it writes for ordinary blocks', () => {
    for (const html of [
      '<p data-line="0">Some <em>text</em> with <a href="https://x.test">a link</a>.</p>\n',
      '<h2 id="a-b" data-line="0">A &amp; B</h2>\n',
      '<ul data-line="0">\n<li><p>one</p>\n<ul>\n<li>two</li>\n</ul>\n</li>\n</ul>\n',
      '<pre><code class="language-js">let a = 1 &lt; 2;\n</code></pre>\n',
      '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>\n',
      '<ul class="contains-task-list"><li><input class="task-list-item-checkbox" disabled="" type="checkbox"> x</li></ul>',
      '<p>line<br>\nbreak <img src="a.png" alt="x"></p>',
      // KaTeX's MathML and SVG: foreign content of a known, closed shape.
      '<p><span><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>e</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">e^2 &lt; x</annotation></semantics></math></span></p>',
      '<span><svg width="400em" viewBox="0 0 400000 1080"><path d="M95,702\nc-2.7,0z"/><line x1="0" y1="0"></line></svg></span>',
    ]) {
      expect(isGroupable(html), html).toBe(true);
    }
  });

  it('refuses markup that could leak into a neighbour or parse differently in a group', () => {
    for (const html of [
      '<p>unclosed',
      '<b>bold',
      'text</div>',
      '</p>',
      '<div>',
      '<!-- comment',
      '<!-- a --><p>x</p>',
      '<![CDATA[ x ]]>',
      '<!DOCTYPE html>',
      '<?xml x?>',
      '<template><p>x</p></template>',
      '<textarea></textarea>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<style></style>',
      '<title>x</title>',
      '<svg><p>x</p></svg>',
      '<svg><title>x</title></svg>',
      '<svg><foreignObject><p>x</p></foreignObject></svg>',
      '<svg><path/><svg></svg></svg>',
      '<math><mi><b>x</b></mi></math>',
      '<math><mtext><table></table></mtext></math>',
      '<math><mi>x<mi>y</mi></mi></math>',
      '<math><annotation-xml encoding="text/html"><p>x</p></annotation-xml></math>',
      '<math><mrow><svg></svg></mrow></math>',
      '<math><mi>x</mi>',
      '<math/>',
      '<table><math></math></table>',
      '<table><tr><td>x</td></tr></table>',
      '<table>text<tbody></tbody></table>',
      '<table><div>x</div></table>',
      '<td>x</td>',
      '<li>x</li>',
      '<ul><li>a<li>b</li></ul>',
      '<p><div>x</div></p>',
      '<p><p>x</p></p>',
      '<h1><h2>x</h2></h1>',
      '<a href="x"><a href="y">x</a></a>',
      '<b><i>x</b></i>',
      '<div/>',
      '<p title="x>y',
      '<p title=x>y</p>',
      '<p title="a"b>y</p>',
      '<img src="x" <p>',
      '< p>',
      '<br></br>',
      '<select><option>x</option></select>',
      '<foo>x</foo>',
      '<font>x</font>',
      '<ruby>a<rt>b</rt></ruby>',
    ]) {
      expect(isGroupable(html), html).toBe(false);
    }
  });
});

// jsdom parses slowly, and the machine is shared: the corpus runs take seconds.
describe(
  'sanitising in groups gives each section exactly what it gives alone',
  { timeout: 120_000 },
  () => {
    it.each(['doc-10k', 'doc-50k', 'doc-250k'])('on the corpus document %s', (name) => {
      const sections = sectionsOf(corpus(name));
      expectSameAsAlone(sections);
      // The proof is not vacuous: most sections are grouped.
      expect(sections.filter(isGroupable).length).toBeGreaterThan(sections.length * 0.8);
    });

    it('on the 652 CommonMark examples, each a run of sections between paragraphs', () => {
      const converter = createConverter({ preset: 'commonmark' });
      const sections = commonmarkExamples.flatMap((example) => [
        '<p>before</p>\n',
        ...sectionsOf(example.markdown.replace(/→/g, '\t'), converter),
        '<p>after</p>\n',
      ]);
      expectSameAsAlone(sections);
    });

    it('on every XSS payload of the end-to-end tests, rendered and as raw HTML', () => {
      const sections = XSS_PAYLOADS.flatMap((payload) => [
        '<p>before <em>it</em></p>\n',
        ...sectionsOf(payload.markdown),
        payload.markdown,
        '<p>after <strong>it</strong></p>\n',
      ]);
      expectSameAsAlone(sections);
    });

    // Raw HTML that changes the parser's state for what follows, each between ordinary sections.
    const hostile = [
      '<p>unclosed paragraph',
      '<b>unclosed bold',
      '<a href="https://x.test">unclosed link',
      '</div></div><p>closes the group</p>',
      '</p></li></ul></td></tr></table>',
      '<div><span>',
      '<!-- an open comment',
      '<!-- a comment --> and <!-- another',
      '--><p>after a comment end</p>',
      '<![CDATA[ <img src=x onerror=alert(1)> ]]>',
      '<template><p>in a template',
      '<template><div></template><p>x</p>',
      '<table><tr><td>cell',
      '<table>foster <b>parented</b><tr><td>x</td></tr></table>',
      '<table><p>moved out</p></table>',
      '<svg><p>html in svg</p>',
      '<svg><style><img src=x onerror=alert(1)></style>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<math><mi><svg><mtext><textarea><path id="</textarea><img src=x onerror=alert(1)>">',
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<noscript>',
      '<textarea><p>x',
      '<title><p>x',
      '<xmp><p>x',
      '<plaintext><p>everything after',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
      '<select><option>x',
      '<p title="unclosed quote>x</p>',
      "<img src='x",
      '<img src=x onerror=alert(1)//',
      '<',
      '</',
      '<p>a</p></p>',
      '<li>item',
      '<dd>term',
      '<h1>heading',
      '<pre>\nfirst newline</pre>',
      '&amp',
      '&#x',
      '<ruby>a<rt>b',
      '<frameset>',
      '<body><p>x</p></body>',
      '<html><head></head><body onload=alert(1)>',
      '<isindex>',
      '<nobr>a<nobr>b',
    ];

    // Accepted, rightly: text and a complete element that leave the parser as they found it.
    const harmless = new Set([
      '--><p>after a comment end</p>',
      '<pre>\nfirst newline</pre>',
      '&amp',
      '&#x',
    ]);

    it('on raw HTML that leaves the parser in another state', () => {
      const sections = hostile.flatMap((html) => [
        '<p data-line="0">before <em>it</em></p>\n',
        html,
        '<ul>\n<li>after</li>\n</ul>\n',
        '<p>and <code>more</code></p>\n',
      ]);
      expectSameAsAlone(sections);
      for (const html of hostile) {
        if (!harmless.has(html)) expect(isGroupable(html), html).toBe(false);
      }
    });

    it('on random markup: what isGroupable accepts never comes out of a group changed', () => {
      // Fragments of tags, text and tricks, strung together at random (a fixed seed): about one in
      // thirty is accepted, and each accepted one is cleaned between two others in a bare group.
      const pieces = [
        ...['<p>', '</p>', '<div>', '</div>', '<span>', '</span>', '<b>', '</b>', '<i>', '</i>'],
        ...['<a href="x">', '</a>', '<ul>', '</ul>', '<li>', '</li>', '<table>', '</table>'],
        ...['<tbody>', '</tbody>', '<tr>', '</tr>', '<td>', '</td>', '<h1>', '</h1>', '<pre>'],
        ...['</pre>', '<br>', '<hr>', '<img src="y">', '<dl>', '</dl>', '<dt>', '</dt>', '<svg>'],
        ...['</svg>', '<math>', '</math>', '<!--', '-->', '<template>', '</template>', 'text'],
        ...[' ', '\n', '&amp;', '&lt;', '"', "'", '<p title="', '<noscript>', '</noscript>'],
        ...['<textarea>', '</textarea>', '<caption>', '</caption>', '<thead>', '</thead>'],
        ...['<input type="checkbox">', '<q>', '</q>', '<div/>', '<code>', '</code>'],
      ];
      const random = seededRandom(26);
      const make = () =>
        Array.from({ length: 1 + random(8) }, () => pieces[random(pieces.length)]).join('');
      let accepted = 0;
      for (let i = 0; i < 6000; i += 1) {
        const section = make();
        if (!isGroupable(section)) continue;
        accepted += 1;
        const group = ['<p>x</p>', section, '<p>y <b>z</b></p>'];
        expect(rawGroup(group), section).toEqual(group.map(alone));
      }
      expect(accepted).toBeGreaterThan(100);
    });
  },
);

// Sections proven clean are only parsed, without DOMPurify's walk: each must come out exactly as
// DOMPurify gives it, and the proof must refuse what DOMPurify or the hooks would change.
describe(
  'clean sections, parsed without the walk, come out as DOMPurify gives them',
  // jsdom parses slowly, and the machine is shared: thousands of sections take seconds.
  { timeout: 120_000 },
  () => {
    /** The section as the preview gets it (fast when clean) against DOMPurify alone. */
    const expectAsPurified = (html: string) =>
      expect(describeFragment(sanitizer.sanitizeManyToFragments([html])[0]!), html).toBe(
        alone(html),
      );

    it('takes what markdown-it writes, and marks an external link as DOMPurify does', () => {
      for (const html of [
        '<p data-line="0">Some <em>text</em> with <a href="https://x.test">a link</a>.</p>\n',
        '<h2 id="a-b" data-line="3">A &amp; B</h2>\n',
        '<pre data-line="1"><code class="language-js">let a = 1 &lt; 2;\n</code></pre>\n',
        '<ul class="contains-task-list" data-line="0">\n<li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" checked data-line="0" aria-label="Step 1"> x</li>\n</ul>\n',
        '<table data-line="0">\n<tbody>\n<tr>\n<td style="text-align:right">1</td>\n</tr>\n</tbody>\n</table>\n',
        '<p><img src="a.png" alt="x &quot;y&quot;" title="t"> <a href="#top">up</a> <a href="mailto:a@b.test">mail</a></p>\n',
        '<ol start="3"><li>three</li></ol>\n',
        '<p TITLE="x">x</p>',
        '<p><A HREF="https://x.test">upper case</A></p>',
      ]) {
        expect(sanitizer.kindOf(html), html).toBe('clean');
        expectAsPurified(html);
      }
      const links = sanitizer.sanitizeManyToFragments([
        '<p><a href="https://x.test">x</a></p>',
        '<p><A HREF="//x.test">x</A> <a href="#here">here</a></p>',
      ]);
      const rels = links.flatMap((f) => Array.from(f.querySelectorAll('a'), (a) => a.rel));
      expect(rels).toEqual(['noopener noreferrer', 'noopener noreferrer', '']);
    });

    it('refuses what DOMPurify or its hooks would remove or change', () => {
      for (const html of [
        '<p><a href="javascript:alert(1)">x</a></p>',
        '<p><a href="JaVaScRiPt:alert(1)">x</a></p>',
        '<p><a href="java&#x09;script:alert(1)">x</a></p>',
        '<p><a href=" https://x.test">x</a></p>',
        '<p><a href="https://x.test" target="_blank">x</a></p>',
        '<p><a href="https://x.test" rel="opener">x</a></p>',
        '<p><img src="data:text/html,x"></p>',
        '<p onclick="alert(1)">x</p>',
        '<p style="background:url(javascript:alert(1))">x</p>',
        '<p title="a--&gt;b">x</p>',
        '<p title="x/&gt;">x</p>',
        '<p title="&lt;/style&gt;">x</p>',
        '<p title="&copy;">x</p>',
        '<p title="a&b">x</p>',
        '<p data-x="1">x</p>',
        '<p aria-="x">x</p>',
        '<p title="x" title="y">x</p>',
        '<ol start="javascript:x"><li>x</li></ol>',
        '<ul><li value="3">x</li></ul>',
        '<p><input type="text"></p>',
        '<p><input type=" checkbox"></p>',
        '<p><input></p>',
        '<p><img src="a.png" width="vbscript:x"></p>',
      ]) {
        expect(sanitizer.kindOf(html), html).not.toBe('clean');
        expectAsPurified(html);
      }
    });

    it('on random tags and attributes: what is proven clean equals DOMPurify, node for node', () => {
      const names = ['href', 'src', 'title', 'id', 'class', 'style', 'data-line', 'data-x'];
      names.push('aria-label', 'aria-', 'for', 'value', 'start', 'align', 'target', 'onclick');
      names.push('rel', 'type', 'checked', 'lang', 'dir', 'width', 'xmlns', 'HREF', 'alt');
      names.push('viewBox', 'd', 'stretchy', 'mathvariant', 'encoding', 'xlink:href', 'display');
      const values = ['', 'x', '3', 'https://x.test/a?b=1&amp;c=2', 'javascript:alert(1)'];
      values.push(' https://x.test', 'JAVASCRIPT:x', 'java&#x09;script:x', 'data:text/html,x');
      values.push('//evil.test', '#top', 'mailto:a@b.test', '&quot;&gt;&lt;img src=x&gt;');
      values.push('a--&gt;b', '&lt;/style', 'color:red', 'text-align:right', 'checkbox');
      values.push(
        'CHECKBOX',
        'checkbox ',
        'background:url(javascript:x)',
        'right',
        '&amp',
        '_blank',
      );
      values.push('\u00a0javascript:x', 'vbscript:x', 'a/&gt;', "it's", 'ftp://x.test', 'x:y');
      values.push('0 0 400000 1080', 'M95,702\nc-2.7,0z', 'application/x-tex', 'block', 'true');
      values.push('http://www.w3.org/1998/Math/MathML', 'http://www.w3.org/2000/svg');
      const shapes = [
        (a: string) => `<p${a}>text</p>`,
        (a: string) => `<p><a${a}>link</a></p>`,
        (a: string) => `<p><img${a}></p>`,
        (a: string) => `<p><input${a}> x</p>`,
        (a: string) => `<ol${a}><li${a}>x</li></ol>`,
        (a: string) => `<table><tbody><tr><td${a}>x</td></tr></tbody></table>`,
        (a: string) => `<h2${a}>x <code${a}>y</code></h2>`,
        (a: string) => `<div${a}><span${a}>x</span></div>`,
        (a: string) =>
          `<p><span${a}><math${a}><semantics><mrow${a}><mi${a}>x</mi><mo${a}>&lt;</mo></mrow><annotation${a}>x &lt; y</annotation></semantics></math></span></p>`,
        (a: string) => `<span${a}><svg${a}><path${a}/><line${a}></line></svg></span>`,
      ];
      const random = seededRandom(2026);
      const attribute = () => {
        const name = names[random(names.length)]!;
        if (random(6) === 0) return ` ${name}`;
        const value = values[random(values.length)]!;
        return random(5) === 0 ? ` ${name}='${value}'` : ` ${name}="${value.replace(/"/g, '')}"`;
      };
      const counts = { clean: 0, group: 0, alone: 0, foreignClean: 0 };
      for (let i = 0; i < 2500; i += 1) {
        const attributes = Array.from({ length: random(4) }, attribute).join('');
        const shape = random(shapes.length);
        const html = shapes[shape]!(attributes);
        const kind = sanitizer.kindOf(html);
        counts[kind] += 1;
        if (kind === 'clean' && shape >= shapes.length - 2) counts.foreignClean += 1;
        expectAsPurified(html);
        // And between neighbours, as the preview parses them.
        const group = ['<p>x</p>', html, '<p>y <b>z</b></p>'];
        expect(grouped(group), html).toEqual(group.map(alone));
      }
      // Not vacuous: both proofs are put to the test many times, MathML and SVG included.
      expect(counts.clean).toBeGreaterThan(300);
      expect(counts.group).toBeGreaterThan(300);
      expect(counts.foreignClean).toBeGreaterThan(60);
    });

    it.each(['doc-10k', 'doc-250k'])('on %s, most sections are proven clean, math too', (name) => {
      const sections = sectionsOf(corpus(name));
      const clean = sections.filter((html) => sanitizer.kindOf(html) === 'clean');
      expect(clean.length).toBeGreaterThan(sections.length * 0.9);
      const math = sections.filter((html) => html.includes('<math'));
      expect(math.length).toBeGreaterThan(3);
      expect(math.filter((html) => sanitizer.kindOf(html) === 'clean')).toEqual(math);
    });
  },
);
