// @vitest-environment jsdom
import { createSanitizer } from '@inkstone/markdown';
import { describe, expect, it } from 'vitest';
import { pickSharedFile, readShareId, readSharedDocument } from './shared-gist';

const parser = new DOMParser();

describe('the share page’s reading of a gist', () => {
  it('takes the gist id of the link, and nothing that is not one', () => {
    expect(readShareId('?id=aa5a315d61ae9438b18d')).toBe('aa5a315d61ae9438b18d');
    expect(readShareId('')).toBeUndefined();
    expect(readShareId('?id=../../user')).toBeUndefined();
    expect(readShareId('?id=abc%2Fdef')).toBeUndefined();
  });

  it('shows the html file of the gist, else its first file, and nothing from an empty one', () => {
    const files = {
      'a.md': { content: '# A' },
      'b.html': { content: '<p>B</p>' },
    };
    expect(pickSharedFile({ files })?.filename).toBe('b.html');
    expect(pickSharedFile({ files: { 'a.md': files['a.md'] } })?.filename).toBe('a.md');
    expect(pickSharedFile({ files: {} })).toBeUndefined();
  });

  it('reads the title and the body of the shared HTML; a markdown file as text', () => {
    const html =
      '<!doctype html><html><head><title>My notes</title><style>p{}</style></head><body><p>Hi</p></body></html>';
    expect(readSharedDocument({ filename: 'n.html', content: html }, parser)).toEqual({
      title: 'My notes',
      bodyHtml: '<p>Hi</p>',
    });
    const text = readSharedDocument({ filename: 'n.md', content: '<b>not html</b>' }, parser);
    expect(text.title).toBe('n');
    expect(text.bodyHtml).toBe('<pre>&lt;b&gt;not html&lt;/b&gt;</pre>');
  });

  it('leaves nothing that runs once the sanitiser has cleaned it', () => {
    const payloads = [
      '<script>window.pwned = 1</script>',
      '<img src="x" onerror="window.pwned = 1">',
      '<a href="javascript:window.pwned = 1">link</a>',
      '<svg onload="window.pwned = 1"><circle r="1"></circle></svg>',
      '<iframe srcdoc="<script>parent.pwned = 1</script>"></iframe>',
      '<form action="javascript:1"><button>go</button></form>',
      '<math><mtext><table><mglyph><style><img src=x onerror="window.pwned=1">',
    ];
    const shared = readSharedDocument(
      { filename: 'x.html', content: `<html><body><p>Kept.</p>${payloads.join('')}</body></html>` },
      parser,
    );
    const clean = createSanitizer(window).sanitize(shared.bodyHtml);
    expect(clean).toContain('<p>Kept.</p>');
    expect(clean).not.toMatch(/<script|onerror|onload|javascript:|<iframe|srcdoc|<form/i);
  });
});
