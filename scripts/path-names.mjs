// The names a file defines, for reading where its paths lead (path-expressions.mjs): its
// variables, JS and shell, and the names it gives the path module and its join and resolve.
// Read from the text with regular expressions, without scopes: the nearest definition above a
// use is taken for it.
import { closing } from './js-expression.mjs';

/** The names a file gives the path module (`import * as p from 'node:path'`, `import p from
 * 'path'`, `const p = require('path')`) as `modules`, and its join and resolve (`import { join
 * as joinPath }`, `const { resolve: r } = require('path')`) as `functions`, alias to name. */
export function pathModuleNames(text) {
  const modules = new Set();
  const functions = new Map();
  if (!text.includes('path')) return { modules, functions };
  const from = String.raw`\s*(?:from\s*|=\s*require\s*\(\s*)['"]((?:node:)?path(?:\/posix|\/win32)?)['"]`;
  const whole = new RegExp(
    String.raw`\b(?:import\s+\*\s+as|import|const|let|var)\s+([A-Za-z_$][\w$]*)${from}`,
    'g',
  );
  for (const match of text.matchAll(whole)) modules.add(match[1]);
  const parts = new RegExp(String.raw`\b(?:import|const|let|var)\s*\{([^}]*)\}${from}`, 'g');
  for (const match of text.matchAll(parts)) {
    for (const part of match[1].split(',')) {
      const named = /^\s*(join|resolve)\s*(?:as|:)\s*([A-Za-z_$][\w$]*)\s*$/.exec(part);
      if (named) functions.set(named[2], named[1]);
    }
  }
  return { modules, functions };
}

/** The definitions of names in a file, by name: `const|let|var name =` in JS, `name=` at the
 * start of a shell line (after export, local, readonly or declare), each with where it stands
 * (`index`) and where its value starts (`start`). */
export function collectDefinitions(text) {
  const definitions = new Map();
  const add = (name, entry) => {
    if (!definitions.has(name)) definitions.set(name, []);
    definitions.get(name).push(entry);
  };
  for (const match of text.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=(?!=)\s*/g)) {
    add(match[1], { lang: 'js', index: match.index, start: match.index + match[0].length });
  }
  const shell =
    /^[ \t]*(?:(?:export|local|readonly|declare(?:\s+-\w+)?)\s+)?([A-Za-z_]\w*)=(?=\S)/gm;
  for (const match of text.matchAll(shell)) {
    add(match[1], { lang: 'sh', index: match.index, start: match.index + match[0].length });
  }
  return definitions;
}

/** The shell word starting at `start` of `text`: up to white space outside quotes and `$(…)`,
 * `${…}`. */
export function shellWordAt(text, start) {
  let quote = '';
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\n') return text.slice(start, i);
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '$' && (text[i + 1] === '(' || text[i + 1] === '{') && quote === '"') {
        i = closing(text, i + 1);
      }
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '$' && (text[i + 1] === '(' || text[i + 1] === '{')) i = closing(text, i + 1);
    else if (/[\s;&|]/.test(c)) return text.slice(start, i);
  }
  return text.slice(start);
}
