/** A pandoc JSON document (`pandoc -t json`): `{ 'pandoc-api-version', meta, blocks }`. */
export interface PandocDocument {
  'pandoc-api-version': unknown;
  meta: Record<string, unknown>;
  blocks: unknown[];
}

const NO_ATTR = ['', [], []];

/** Takes out of a document what would make a writer read a file or the network: images
 * whose source is not a `data:` URL become their alt text, raw HTML/LaTeX/… is dropped (the
 * EPUB writer fetches the images of raw HTML), and the document's own metadata is replaced by
 * `meta` (a YAML block could name a `cover-image` or a `css` file). */
export function withoutOutsideReads(document: PandocDocument): PandocDocument {
  return { ...document, meta: {}, blocks: clean(document.blocks) as unknown[] };
}

function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (typeof node !== 'object' || node === null) return node;
  const element = node as { t?: unknown; c?: unknown };
  if (element.t === 'Image') {
    const [attr, alt, target] = element.c as [unknown, unknown, [unknown, unknown]];
    const source = Array.isArray(target) ? target[0] : undefined;
    if (typeof source === 'string' && source.startsWith('data:')) {
      return { t: 'Image', c: [attr, clean(alt), target] };
    }
    return { t: 'Span', c: [NO_ATTR, clean(alt)] };
  }
  if (element.t === 'RawInline') return { t: 'Span', c: [NO_ATTR, []] };
  if (element.t === 'RawBlock') return { t: 'Div', c: [NO_ATTR, []] };
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, clean(value)]));
}
