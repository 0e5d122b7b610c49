// Files in and out of the browser: downloads, reading chosen files, HTML to markdown.

import { type TurndownSettings } from '@inkstone/core';

/** Offers `text` as a download named `fileName`. */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Offers a blob (a PDF, say) as a download named `fileName`. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Decodes bytes as UTF-8, without failing: bytes that are not UTF-8 become U+FFFD. */
export function decodeUtf8(bytes: AllowSharedBufferSource): string {
  return new TextDecoder('utf-8').decode(bytes);
}

/** Converts HTML to markdown with the turndown options of the settings, and GitHub's
 * extensions (@joplin/turndown-plugin-gfm): tables (a table without a head row gets an empty
 * one), strikethrough (`~~`) and task list items (`[ ]`, `[x]`). A table whose cells hold what
 * a markdown table cannot (lists, headings, code blocks, quotes, rules, tables) stays HTML,
 * without what would run or load in it (see `keptHtml`). Scripts, styles and the document head
 * (its title too) are dropped, not turned into text. */
export async function htmlToMarkdown(html: string, options: TurndownSettings): Promise<string> {
  const [{ default: TurndownService }, { gfm }] = await Promise.all([
    import('turndown'),
    import('@joplin/turndown-plugin-gfm'),
  ]);
  const service = new TurndownService({ ...options });
  service.use(gfm);
  // (After the plugin's rules, so it comes first: the plugin keeps such a table in a
  // <div class="joplin-table-wrapper"> of its own app.)
  service.addRule('tableKeptAsHtml', {
    filter: (node) => node.nodeName === 'TABLE' && holdsBlocks(node),
    replacement: (_content, node) => `\n\n${keptHtml(node as HTMLElement)}\n\n`,
  });
  service.remove(['script', 'style', 'head', 'title', 'noscript', 'template']);
  return service.turndown(html);
}

// Blocks a cell of a markdown table cannot hold.
const BLOCKS = new Set(['UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HR', 'BLOCKQUOTE', 'PRE']);
BLOCKS.add('TABLE');

// Whether a table holds such blocks. (By its child nodes: turndown's own parser, outside the
// browser, has no querySelector.)
function holdsBlocks(node: Node): boolean {
  for (const child of Array.from(node.childNodes)) {
    if (BLOCKS.has(child.nodeName) || holdsBlocks(child)) return true;
  }
  return false;
}

// What a table kept as HTML loses: elements that run, style the page or load another
// document, which turndown drops elsewhere too.
const ACTIVE_ELEMENTS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'IFRAME',
  'FRAME',
  'FRAMESET',
  'OBJECT',
  'EMBED',
  'APPLET',
  'LINK',
  'META',
  'BASE',
]);
// Whether an attribute's value is a URL that runs script when followed or loaded. Browsers
// skip spaces and control characters around it and tabs and newlines inside it: all of them
// are left out before the scheme is read.
function runsScript(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what browsers skip
  const url = value.replace(/[\u0000-\u0020]+/g, '').toLowerCase();
  return url.startsWith('javascript:') || url.startsWith('vbscript:');
}

/** The HTML of an element kept as it is in the markdown (a table holding blocks), without
 * scripts, styles, frames, embedded objects, `on…` event attributes and `javascript:` URLs:
 * nothing of the imported page runs or loads when the markdown is shown or exported. The
 * element itself is left as it was (a copy is cleaned). */
export function keptHtml(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  clean(copy);
  return copy.outerHTML;
}

// By child nodes and the attributes list: turndown's own parser, outside the browser, has no
// querySelector.
function clean(element: Element): void {
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith('on') || name === 'srcdoc' || runsScript(attribute.value)) {
      element.removeAttribute(attribute.name);
    }
  }
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType !== 1) continue;
    if (ACTIVE_ELEMENTS.has(child.nodeName.toUpperCase())) child.parentNode?.removeChild(child);
    else clean(child as Element);
  }
}

/** Today as YYYY-MM-DD (spec interface §9 date format), for file names. */
export function isoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
