import type { StateInline } from 'markdown-it';

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;

/** Token type of inline math; `markup` is `$` (inline style) or `$$` (display style). */
export const MATH_INLINE = 'math_inline';

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

// A `$` preceded by an odd number of backslashes is escaped (`\$` is a literal dollar).
function isEscaped(src: string, pos: number): boolean {
  let backslashes = 0;
  while (pos - backslashes - 1 >= 0 && src.charCodeAt(pos - backslashes - 1) === BACKSLASH) {
    backslashes++;
  }
  return backslashes % 2 === 1;
}

// Where single-dollar closers ran out, per inline state and end. Whether a `$` can close does
// not depend on the opener, so once no closer follows position p, none follows any later
// opener either: remembering p keeps a paragraph full of prices linear instead of quadratic.
const exhausted = new WeakMap<StateInline, { max: number; from: number }>();

function findCloser(state: StateInline, start: number): number {
  const { src, posMax: max } = state;
  const known = exhausted.get(state);
  if (known && known.max === max && start >= known.from) return -1;
  let pos = src.indexOf('$', start + 2);
  while (pos !== -1 && pos < max) {
    if (!isEscaped(src, pos) && !isSpace(src.charCodeAt(pos - 1))) {
      if (!isDigit(src.charCodeAt(pos + 1))) return pos;
    }
    pos = src.indexOf('$', pos + 1);
  }
  exhausted.set(state, { max, from: start });
  return -1;
}

function findDisplayCloser(src: string, from: number, max: number): number {
  let pos = src.indexOf('$$', from);
  while (pos !== -1 && pos + 1 < max) {
    if (!isEscaped(src, pos)) return pos;
    pos = src.indexOf('$$', pos + 1);
  }
  return -1;
}

/**
 * Inline math, pandoc's rules: `$tex$` where the opening `$` is not followed by whitespace and
 * the closing `$` is neither preceded by whitespace nor followed by a digit, so "5$ and 6$" or
 * "$5 and $6" stay text; `\$` is a literal dollar. `$$tex$$` inside a line is display math.
 * Code spans are parsed before this rule reaches their `$`, so `` `$x$` `` stays code.
 */
export function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, pos: start, posMax: max } = state;
  if (src.charCodeAt(start) !== DOLLAR) return false;

  if (src.charCodeAt(start + 1) === DOLLAR) {
    const close = findDisplayCloser(src, start + 2, max);
    const tex = close === -1 ? '' : src.slice(start + 2, close);
    if (tex.trim() === '') {
      // Not math: keep both dollars as text so the second is not read as an opener.
      if (!silent) state.pending += '$$';
      state.pos = start + 2;
      return true;
    }
    if (!silent) push(state, tex, '$$');
    state.pos = close + 2;
    return true;
  }

  if (start + 1 >= max || isSpace(src.charCodeAt(start + 1))) return false;
  const close = findCloser(state, start);
  if (close === -1) return false;
  if (!silent) push(state, src.slice(start + 1, close), '$');
  state.pos = close + 1;
  return true;
}

function push(state: StateInline, tex: string, markup: string): void {
  const token = state.push(MATH_INLINE, 'math', 0);
  token.content = tex;
  token.markup = markup;
}
