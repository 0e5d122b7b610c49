import type MarkdownIt from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';

// Where in its inline content each line break token was made (the offset of the newline, or of
// the backslash before it).
const breakOffsets = new WeakMap<Token, number>();

/** The offset in its inline content where a line break token was made, when known. */
export function breakOffset(token: Token): number | undefined {
  return breakOffsets.get(token);
}

type InlineRule = (state: StateInline, silent: boolean) => boolean;

// Notes where the rules that make line breaks (a newline; a backslash at the end of a line) made
// each one, so that a long paragraph can be cut at its lines (split.ts).
export function recordBreaks(md: MarkdownIt): void {
  const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: InlineRule }[] })
    .__rules__;
  for (const name of ['newline', 'escape']) {
    const original = rules.find((rule) => rule.name === name)?.fn;
    if (!original) continue;
    md.inline.ruler.at(name, (state, silent) => {
      const at = state.pos;
      const count = state.tokens.length;
      if (!original(state, silent)) return false;
      const token = state.tokens[state.tokens.length - 1];
      if (!silent && state.tokens.length > count && token && token.type.endsWith('break')) {
        breakOffsets.set(token, at);
      }
      return true;
    });
  }
}
