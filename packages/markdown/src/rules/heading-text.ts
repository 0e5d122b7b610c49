import type { Token } from 'markdown-it';

/** A heading's text as a reader sees it: markup and raw HTML tags dropped, code and math kept
 * as written. */
export function plainText(children: Token[]): string {
  let text = '';
  for (const child of children) {
    switch (child.type) {
      case 'text':
      case 'text_special':
      case 'code_inline':
      case 'math_inline':
      case 'emoji':
        text += child.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        text += ' ';
        break;
      case 'image':
        text += plainText(child.children ?? []);
        break;
    }
  }
  return text;
}
