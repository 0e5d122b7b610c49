// Where the base of a path written in code starts, read backwards from what follows it, for the
// check that the repository stands alone (check-self-contained.mjs): the `${…}`, `$(…)`,
// `$name`, `~` or quoted shell word (`"$root"`) before parent steps, the operand before
// `+ '/..'`, and the object before `.join(` (`path.posix.join(`, `require('path').join(`).
// Only the text is read; path-expressions.mjs says where the base leads.

/** The base written just before the parent steps at `at` of `line`: `${…}`, `$(…)`, `$name`,
 * `~`, or a double-quoted shell word starting with `$` or `~` (`"$root"`, `"$(dirname "$0")"`),
 * as `{ kind, text, start }`; null for anything else (`a/../b`, `{db}/..`, a string that opens
 * with the steps). */
export function baseBefore(line, at) {
  const end = at - 1;
  const c = line[end];
  if (c === '}' || c === ')') {
    const open = openingOf(line, end);
    if (open > 0 && line[open - 1] === '$') {
      return {
        kind: c === '}' ? 'braces' : 'command',
        text: line.slice(open + 1, end),
        start: open - 1,
      };
    }
    return null;
  }
  if (c === '"') {
    // The quote closes a shell word when its partner opens one that starts with `$` or `~`.
    const open = quoteOpening(line, end);
    if (open < 0 || !/^[$~]/.test(line.slice(open + 1, end))) return null;
    return { kind: 'word', text: line.slice(open, end + 1), start: open };
  }
  if (c === '~')
    return end === 0 || /[\s'"`=:]/.test(line[end - 1]) ? { kind: 'home', start: end } : null;
  const name = /\$(\d|[A-Za-z_]\w*)$/.exec(line.slice(Math.max(0, at - 64), at));
  return name ? { kind: 'name', text: name[1], start: at - name[0].length } : null;
}

/** The index of the bracket opening the one (`)`, `}` or `]`) closing at `close` of `text`, or
 * -1; brackets only are counted. */
export function openingOf(text, close) {
  const pairs = { ')': '(', '}': '{', ']': '[' };
  let depth = 0;
  for (let i = close; i >= 0; i -= 1) {
    if (text[i] === text[close]) depth += 1;
    else if (text[i] === pairs[text[close]]) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

// The index of the quote opening the shell word whose closing quote is at `close`, stepping over
// `$(…)` and `${…}` (which may hold quotes of their own), or -1.
function quoteOpening(line, close) {
  for (let i = close - 1; i >= 0; i -= 1) {
    if (line[i] === ')' || line[i] === '}') {
      i = openingOf(line, i);
      if (i < 0) return -1;
    } else if (line[i] === line[close]) return i;
  }
  return -1;
}

/** The start of the JS operand that ends just before `at` (a `+` or a `.`): a name with its
 * member accesses and calls (`__dirname`, `here`, `path.dirname(x)`, `require('path')`, `new
 * URL(…)`), or -1 when there is none there (a string, a parenthesised expression). */
export function operandStart(text, at) {
  let i = at - 1;
  const skip = () => {
    while (i >= 0 && /\s/.test(text[i])) i -= 1;
  };
  skip();
  let start = -1;
  for (;;) {
    while (text[i] === ')' || text[i] === ']') {
      const open = openingOf(text, i);
      if (open < 0) return -1;
      i = open - 1;
      skip();
    }
    let j = i;
    while (j >= 0 && /[\w$]/.test(text[j])) j -= 1;
    if (j === i) return start;
    start = j + 1;
    i = j;
    skip();
    if (text[i] === '.' && text[i - 1] !== '.') {
      i -= 1;
      skip();
      continue;
    }
    const made = /\bnew\s+$/.exec(text.slice(Math.max(0, start - 16), start));
    return made ? start - made[0].length : start;
  }
}

/** The start of the call whose function's name is at `at` (`join` of `path.posix.join(`): the
 * name itself, or the object it is read from; -1 when that object cannot be read. */
export function calleeStart(text, at) {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text[i])) i -= 1;
  if (text[i] !== '.' || text[i - 1] === '.') return at;
  return operandStart(text, i);
}
