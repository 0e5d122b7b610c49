// A reader of the few JS expressions that build paths, for the check that the repository stands
// alone (path-expressions.mjs reads where they lead): string and template literals, names,
// member access, calls, `new`, `+` and parentheses. It reads code as text, without running it or
// knowing its scopes, and gives up (null) on anything else.

const PAIRS = { '(': ')', '[': ']', '{': '}' };

/** The index of the bracket closing the one at `open` (strings, template literals and comments
 * skipped), or the text's length when it is not closed. */
export function closing(text, open) {
  const stack = [PAIRS[text[open]]];
  for (let i = open + 1; i < text.length; i += 1) {
    const c = text[i];
    if (c === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return i;
    } else if (PAIRS[c]) stack.push(PAIRS[c]);
    else if (c === "'" || c === '"' || c === '`') i = stringEnd(text, i);
    else if (c === '/' && text[i + 1] === '/') i = lineEnd(text, i);
    else if (c === '/' && text[i + 1] === '*') i = commentEnd(text, i);
  }
  return text.length;
}

const lineEnd = (text, i) => {
  const end = text.indexOf('\n', i);
  return end < 0 ? text.length : end - 1;
};
const commentEnd = (text, i) => {
  const end = text.indexOf('*/', i + 2);
  return end < 0 ? text.length : end + 1;
};

// The index of the quote closing the string or template literal opened at `i` (a string ends
// at a line's end too, where its quote was an apostrophe of prose).
function stringEnd(text, i) {
  const quote = text[i];
  for (let j = i + 1; j < text.length; j += 1) {
    const c = text[j];
    if (c === '\\') j += 1;
    else if (c === quote) return j;
    else if (c === '\n' && quote !== '`') return j - 1;
    else if (quote === '`' && c === '$' && text[j + 1] === '{') j = closing(text, j + 1);
  }
  return text.length;
}

/** Parses the JS expression at `start` of `text`: strings, template literals, names, member
 * access, calls, `new`, `+` and parentheses; null for anything else. With `whole`, the text
 * must hold that expression and nothing more. */
export function parseJs(text, start, whole = false) {
  let i = start;
  const space = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i])) i += 1;
      if (text.startsWith('//', i)) i = lineEnd(text, i) + 1;
      else if (text.startsWith('/*', i)) i = commentEnd(text, i) + 1;
      else return;
    }
  };
  const name = () => {
    const match = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 64));
    if (!match) return null;
    i += match[0].length;
    return match[0];
  };
  const args = () => {
    // At `(`: each argument parsed alone; one that is not a plain expression is unknown.
    const end = closing(text, i);
    const list = [];
    let from = i + 1;
    for (let j = i + 1; j <= end; j += 1) {
      const c = text[j];
      if (c === "'" || c === '"' || c === '`') j = stringEnd(text, j);
      else if (PAIRS[c]) j = closing(text, j);
      else if (c === ',' || j === end) {
        const piece = text.slice(from, j);
        if (piece.trim() !== '') list.push(parseJs(piece, 0, true)?.node ?? { k: '?' });
        from = j + 1;
      }
    }
    i = end + 1;
    return list;
  };
  function primary() {
    space();
    const c = text[i];
    if (c === "'" || c === '"') {
      const end = stringEnd(text, i);
      if (text[end] !== c) return null;
      const v = text.slice(i + 1, end).replace(/\\(.)/g, '$1');
      i = end + 1;
      return { k: 'str', v };
    }
    if (c === '`') {
      const end = stringEnd(text, i);
      const parts = [];
      let literal = '';
      for (let j = i + 1; j < end; j += 1) {
        if (text[j] === '\\') {
          literal += text[j + 1];
          j += 1;
        } else if (text[j] === '$' && text[j + 1] === '{') {
          const close = closing(text, j + 1);
          parts.push(literal, { text: text.slice(j + 2, close) });
          literal = '';
          j = close;
        } else literal += text[j];
      }
      parts.push(literal);
      i = end + 1;
      return { k: 'tpl', parts: parts.filter((part) => part !== '') };
    }
    if (c === '(') {
      i += 1;
      const inner = expression();
      space();
      if (!inner || text[i] !== ')') return null;
      i += 1;
      return inner;
    }
    const word = name();
    if (!word) return null;
    if (word === 'new') {
      space();
      const callee = postfix(false);
      space();
      if (!callee || text[i] !== '(') return null;
      return { k: 'new', callee, args: args() };
    }
    if (word === 'await') return postfix(true);
    return { k: 'id', name: word };
  }
  function postfix(calls) {
    let node = primary();
    while (node) {
      const before = i;
      space();
      if (text[i] === '.' && text[i + 1] !== '.') {
        i += 1;
        space();
        const member = name();
        if (!member) return null;
        node = { k: 'member', object: node, name: member };
      } else if (calls && text[i] === '(') {
        node = { k: 'call', callee: node, args: args() };
      } else {
        i = before;
        return node;
      }
    }
    return node;
  }
  function expression() {
    const parts = [postfix(true)];
    if (!parts[0]) return null;
    for (;;) {
      const before = i;
      space();
      if (text[i] !== '+' || text[i + 1] === '+' || text[i + 1] === '=') {
        i = before;
        break;
      }
      i += 1;
      const next = postfix(true);
      if (!next) return null;
      parts.push(next);
    }
    return parts.length === 1 ? parts[0] : { k: 'add', parts };
  }
  const node = expression();
  if (!node) return null;
  if (whole) {
    space();
    if (i < text.length) return null;
  }
  return { node, end: i };
}
