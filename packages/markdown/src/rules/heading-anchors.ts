import type { StateCore, Token } from 'markdown-it';
import { createSlugger } from '../slug.js';
import { type RenderEnv } from '../types.js';

/**
 * Core rule: gives every heading a unique anchor `id` (a slug of its text, `-1`, `-2`… for
 * repeats) and lists it in `env.headings` for the table of contents.
 */
export function headingAnchors(state: StateCore): void {
  const env = state.env as RenderEnv;
  const slugger = createSlugger();
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type !== 'heading_open') continue;
    const text = plainText(tokens[i + 1]?.children ?? []).trim();
    const id = slugger.slug(text);
    token.attrSet('id', id);
    env.headings.push({ level: Number(token.tag.slice(1)), text, id, line: token.map?.[0] ?? 0 });
  }
}

// The text a reader sees: markup and raw HTML tags dropped, code and math kept as written.
function plainText(children: Token[]): string {
  let text = '';
  for (const child of children) {
    switch (child.type) {
      case 'text':
      case 'text_special':
      case 'code_inline':
      case 'math_inline':
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
