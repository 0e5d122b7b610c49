// Where a path built in code leads, for the check that the repository stands alone
// (check-self-contained.mjs). Code rarely writes a path out whole: it joins parent steps to a
// folder it names (`join(here, '..')`, `new URL('..', import.meta.url)`, `${here}/..`,
// "$(dirname "$0")/..", "$name/.."). This reads those forms: the file's own
// folder (`__dirname`, `import.meta.url`/`dirname`, `$0`, `${BASH_SOURCE[0]}`), the repository
// root (`git rev-parse --show-toplevel`), the home folder (`~`, `$HOME`, `homedir()`), a
// variable set from them in the same file, `dirname`, `fileURLToPath`, `cd … && pwd`; the path
// module under any name (`path.posix.join`, `require('node:path').join`, `import * as p`,
// `import { join as joinPath }`); and follows each step, noting where one climbs above the
// repository root, steps up into a `shared` folder the repository does not have, or goes into
// the home folder's `shared`. What it cannot read (a parameter, the working directory, a value
// from another module) leads nowhere: nothing is reported for it here, and a value that is only
// partly read is marked `partial`.
import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import { closing, parseJs } from './js-expression.mjs';
import { collectDefinitions, pathModuleNames, shellWordAt } from './path-names.mjs';

/** A place a path leads to: an absolute `/`-separated `path` (or the home folder, `home`), and
 * whether it names a file (a base URL resolves relative paths from the file's folder). */
const at = (path, isFile = false) => ({ t: 'loc', path, isFile, home: false });
const HOME = { t: 'loc', path: '~', isFile: false, home: true };
const UNKNOWN = { t: '?' };
const str = (v, partial = false) => ({ t: 'str', v, partial });

/** The reading of one file's paths: `root` and the file (relative to it, `/`-separated). */
export function pathReader(root, file, text) {
  const ownFile = posix.join(root, file);
  const own = posix.dirname(ownFile);
  const definitions = collectDefinitions(text);
  const { modules, functions } = pathModuleNames(text);
  const existing = new Map();
  const exists = (path) => {
    if (!existing.has(path)) existing.set(path, existsSync(path));
    return existing.get(path);
  };
  const inside = (path) => path === root || path.startsWith(`${root}/`);
  let findings = [];
  const note = (kind, from) => findings.push({ kind, from });
  const fromOf = (path) => {
    if (path === root) return '.';
    return inside(path) ? path.slice(root.length + 1) : path;
  };

  // Follows the `/`-separated steps of `text` from `loc`; an absolute path or a URL with a
  // scheme is not followed (the check of absolute paths reads those). `previous` is the step
  // just before `text` (join's previous argument); the place reached keeps its own last step.
  function walk(loc, text, from = loc.home ? '~' : fromOf(loc.path), previous = '') {
    if (loc.t !== 'loc' || text.v.startsWith('/') || /^[a-z][\w+.-]*:/i.test(text.v)) {
      return UNKNOWN;
    }
    const segments = text.v.split('/');
    if (text.partial) segments.pop();
    let { path } = loc;
    for (const segment of segments) {
      if (segment === '' || segment === '.') continue;
      if (loc.home) {
        if (path === '~' && segment === 'shared') note('home', from);
        path = `${path}/${segment}`;
      } else if (segment === '..') {
        if (path === root) note('climbs', from);
        path = posix.dirname(path);
      } else {
        path = posix.join(path, segment);
        if (previous === '..' && segment === 'shared' && inside(path) && !exists(path)) {
          note('shared', from);
        }
        if (previous === 'shared' && NEIGHBOURS.has(segment) && !exists(path)) note(segment, from);
      }
      previous = segment;
    }
    const last = segments.at(-1) ?? '';
    const isFile = !text.partial && last !== '' && last !== '.' && last !== '..';
    return { t: 'loc', path, isFile, home: loc.home, last: previous, partial: text.partial };
  }

  // A value made of pieces (a template literal, `a + b`, a shell word): a place followed by
  // text is that text walked from it; text alone is text; the rest is unknown.
  function concat(pieces) {
    const [first, ...rest] = pieces;
    if (!first) return str('');
    let text = '';
    let partial = false;
    for (const piece of rest) {
      if (piece.t !== 'str') {
        partial = true;
        break;
      }
      text += piece.v;
      if (piece.partial) {
        partial = true;
        break;
      }
    }
    if (first.t === 'loc') {
      if (rest.length === 0) return first;
      // Text after a place goes on from it after a `/`; `${dir}x` names another place.
      if (!text.startsWith('/')) return text === '' && partial ? { ...first, partial } : UNKNOWN;
      return walk(first, str(text.slice(1), partial));
    }
    if (first.t === 'str') {
      if (first.partial) return first;
      return rest.length === 0
        ? first
        : str(first.v + text, partial || rest.some((p) => p.t !== 'str'));
    }
    return UNKNOWN;
  }

  // join(…) and resolve(…): the first argument is the base (text alone starts from the file's
  // folder), each next text is walked from it, on from the step the last one ended with;
  // resolve restarts at a place. Arguments left unread make the place `partial`.
  function joined(args, restarts) {
    let loc = null;
    let from = '';
    for (const arg of args) {
      if (loc === null) {
        if (arg.t === 'loc') loc = { ...arg, last: '' };
        else if (arg.t === 'str') loc = walk(at(own), arg);
        else return UNKNOWN;
        from = loc.home ? '~' : fromOf(arg.t === 'loc' ? arg.path : own);
      } else if (arg.t === 'str') {
        loc = walk(loc, arg, from, loc.last);
      } else if (arg.t === 'loc' && restarts) {
        loc = { ...arg, last: '' };
        from = fromOf(arg.path);
      } else {
        return loc.t === 'loc' ? { ...loc, isFile: false, partial: true } : UNKNOWN;
      }
      // A text partly read (a name inside it) leaves the place partial: walk says so.
      if (loc.t !== 'loc' || (arg.t === 'str' && arg.partial)) return loc;
    }
    return loc ? { ...loc, isFile: false } : UNKNOWN;
  }

  // new URL(relative, base): resolved from the base's folder, or the base itself when it is a
  // folder URL (ending in `/`).
  function url(args) {
    const [relative, base] = args;
    if (!relative || relative.t !== 'str' || !base || base.t !== 'loc') return UNKNOWN;
    const folder = base.isFile ? { ...base, path: posix.dirname(base.path) } : base;
    return walk(folder, relative);
  }

  let depth = 0;
  const cache = new Map();
  // The value of a name at `index`: the nearest definition above it (or the first one), read
  // without noting anything (its own line is checked where it stands).
  function lookup(name, index) {
    if (name === '__dirname') return at(own);
    if (name === '__filename') return at(ownFile, true);
    const list = definitions.get(name);
    if (!list) {
      if (/^(here|HERE|thisDir|scriptDir|SCRIPT_DIR)$/.test(name)) return at(own);
      if (/root/i.test(name)) return at(root);
      return UNKNOWN;
    }
    const definition = list.findLast((d) => d.index < index) ?? list[0];
    const key = definition.index;
    if (cache.has(key)) return cache.get(key);
    if (depth > 8) return UNKNOWN;
    cache.set(key, UNKNOWN);
    const kept = findings;
    findings = [];
    depth += 1;
    const value =
      definition.lang === 'js'
        ? evaluate(parseJs(text, definition.start)?.node, definition.start)
        : shellWord(shellWordAt(text, definition.start), definition.start);
    depth -= 1;
    findings = kept;
    cache.set(key, value);
    return value;
  }

  // The value of a parsed JS expression.
  function evaluate(node, index) {
    if (!node) return UNKNOWN;
    switch (node.k) {
      case 'str':
        return str(node.v);
      case 'tpl':
        return concat(
          node.parts.map((part) =>
            typeof part === 'string'
              ? str(part)
              : evaluate(parseJs(part.text, 0, true)?.node, index),
          ),
        );
      case 'add':
        return concat(node.parts.map((part) => evaluate(part, index)));
      case 'id':
        return lookup(node.name, index);
      case 'member': {
        if (node.object.k === 'id' && node.object.name === 'import' && node.name === 'meta') {
          return { t: 'meta' };
        }
        const object = evaluate(node.object, index);
        if (object.t === 'meta') {
          if (node.name === 'url' || node.name === 'filename') return at(ownFile, true);
          if (node.name === 'dirname') return at(own);
          return UNKNOWN;
        }
        if (object.t === 'loc' && (node.name === 'pathname' || node.name === 'href')) return object;
        return UNKNOWN;
      }
      case 'call':
        return called(node, index);
      case 'new':
        return calleeName(node.callee) === 'URL'
          ? url(node.args.map((arg) => evaluate(arg, index)))
          : UNKNOWN;
      default:
        return UNKNOWN;
    }
  }

  // A call: the path module's (under any name), `os.homedir()`, `fileURLToPath` and the like;
  // `join` and `resolve` of any object but a few that are not paths (`parts.join('/')` reads
  // as a path that goes nowhere).
  function called(node, index) {
    const { callee } = node;
    let object;
    let method;
    if (callee.k === 'id') {
      object = '';
      method = functions.get(callee.name) ?? callee.name;
    } else if (callee.k === 'member') {
      object = isPathModule(callee.object) ? 'path' : calleeName(callee.object);
      method = callee.name;
    } else return UNKNOWN;
    const args = () => node.args.map((arg) => evaluate(arg, index));
    if (method === 'toString' && callee.k === 'member') return evaluate(callee.object, index);
    if (method === 'join' || method === 'resolve') {
      return NOT_PATHS.has(object) ? UNKNOWN : joined(args(), method === 'resolve');
    }
    const pathModule = object === '' || object === 'path';
    if (!pathModule && !(object === 'os' || object === 'url' || object === 'fs')) {
      // `join(…).replace(…)`: what the object's own steps meet is still noted.
      if (callee.k === 'member' && object === null) evaluate(callee.object, index);
      return UNKNOWN;
    }
    if (method === 'homedir') return HOME;
    const [first = UNKNOWN] = args();
    if (method === 'dirname') {
      if (first.t !== 'loc' || first.home) return UNKNOWN;
      // dirname(root) is a step up out of the repository, as a '..' is.
      if (first.path === root && !first.isFile) note('climbs', '.');
      return at(posix.dirname(first.path));
    }
    if (IDENTITIES.has(method)) return first.t === 'loc' ? first : UNKNOWN;
    return UNKNOWN;
  }

  // A shell word (its quotes dropped): `$(…)`, `${…}`, `$name`, `~` and text.
  function shellWord(word, index) {
    const pieces = [];
    let text = '';
    const flush = () => {
      if (text !== '') pieces.push(str(text));
      text = '';
    };
    for (let i = 0; i < word.length;) {
      const c = word[i];
      if (c === '"' || c === "'") {
        i += 1;
      } else if (c === '~' && i === 0 && (word[1] === '/' || word.length === 1)) {
        pieces.push(HOME);
        i += 1;
      } else if (c === '$' && word[i + 1] === '(') {
        const end = closing(word, i + 1);
        flush();
        pieces.push(shellCommand(word.slice(i + 2, end), index));
        i = end + 1;
      } else if (c === '$' && word[i + 1] === '{') {
        const end = closing(word, i + 1);
        flush();
        pieces.push(shellParameter(word.slice(i + 2, end), index));
        i = end + 1;
      } else if (c === '$' && /[\w]/.test(word[i + 1] ?? '')) {
        const name = /^(\d|[A-Za-z_]\w*)/.exec(word.slice(i + 1))[1];
        flush();
        pieces.push(shellParameter(name, index));
        i += 1 + name.length;
      } else {
        text += c;
        i += 1;
      }
    }
    flush();
    return concat(pieces);
  }

  // Whether a node names the path module: a name the file gives it (`import * as p`, `const
  // path = require('path')`), one of the usual names, `path.posix`, `require('node:path')`.
  function isPathModule(node) {
    if (node.k === 'id') return modules.has(node.name) || PATH_MODULES.has(node.name);
    if (node.k === 'member') {
      return (node.name === 'posix' || node.name === 'win32') && isPathModule(node.object);
    }
    if (node.k === 'call' && node.callee.k === 'id' && node.callee.name === 'require') {
      const [first] = node.args;
      return first?.k === 'str' && PATH_MODULE_IDS.test(first.v);
    }
    return false;
  }

  function shellParameter(inner, index) {
    if (/^(0|BASH_SOURCE(\[0\])?)%\/\*$/.test(inner)) return at(own);
    if (/^(0|BASH_SOURCE(\[0\])?)$/.test(inner)) return at(ownFile, true);
    if (inner === 'HOME') return HOME;
    if (inner === 'PWD') return UNKNOWN;
    const name = /^([A-Za-z_]\w*)(?::?-.*)?$/.exec(inner)?.[1];
    return name ? lookup(name, index) : UNKNOWN;
  }

  function shellCommand(command, index) {
    const words = command.trim();
    if (/^git rev-parse --show-toplevel$/.test(words)) return at(root);
    const cd = /^cd\s+(?:-P\s+|-L\s+|--\s+)*(.+?)\s*(?:&&|;)\s*pwd(?:\s+-[PL])?\s*$/.exec(words);
    if (cd) return shellWord(cd[1], index);
    const one = /^(dirname|realpath|readlink\s+-[fme])\s+(?:-\S+\s+)*(?:--\s+)?(.+)$/.exec(words);
    if (!one) return UNKNOWN;
    const value = shellWord(one[2].trim(), index);
    if (!one[1].startsWith('dirname')) return value;
    return value.t === 'loc' && !value.home ? at(posix.dirname(value.path)) : UNKNOWN;
  }

  return {
    /** The names the file gives the path module's `join` and `resolve` (`joinPath` of
     * `import { join as joinPath }`). */
    functions: [...functions.keys()],
    /** Where the JS expression starting at `index` of the text leads (a call such as
     * `join(…)` or `new URL(…)`), and what its own steps met. */
    expressionAt(index) {
      findings = [];
      const parsed = parseJs(text, index);
      const value = parsed ? evaluate(parsed.node, index) : UNKNOWN;
      return { value, findings, end: parsed?.end ?? index };
    },
    /** What the steps `rest` (`/../x`) met from the base written just before them on a line
     * (`${expr}`, `$(command)`, `$name`, `~`, a quoted shell word), the base's text given with
     * its kind; `known` when the base was read. */
    stepsFrom(base, rest, index) {
      findings = [];
      let loc = UNKNOWN;
      if (base.kind === 'command') loc = shellCommand(base.text, index);
      else if (base.kind === 'name') loc = shellParameter(base.text, index);
      else if (base.kind === 'word') loc = shellWord(base.text, index);
      else if (base.kind === 'home') loc = HOME;
      else if (base.kind === 'braces') {
        loc = /^[\w[\]]+(%\/\*|:?-.*)?$/.test(base.text)
          ? shellParameter(base.text, index)
          : evaluate(parseJs(base.text, 0, true)?.node, index);
      }
      if (loc.t !== 'loc' || loc.partial) return { findings: [], known: false };
      walk(loc, str(rest.replace(/^\//, '')));
      return { findings, known: true };
    },
  };
}

/** What the folder beside the checkout holds (`shared/…`): the folders the corpus and the spec
 * used to be read from, the design and the conventions, the git hooks. */
export const NEIGHBOURS = new Set(['bench-corpus', 'spec', 'DESIGN.md', 'CONVENTIONS.md', 'hooks']);
/** The usual names of the path module, when a file does not say where a name comes from. */
const PATH_MODULES = new Set(['path', 'posix', 'win32', 'nodePath', 'pathModule', 'paths']);
/** Objects whose `join` or `resolve` is not a path's. */
const NOT_PATHS = new Set(['os', 'url', 'fs', 'URL', 'Promise']);
/** The module ids of the path module. */
const PATH_MODULE_IDS = /^(?:node:)?path(?:\/posix|\/win32)?$/;
/** Functions that give back the place they are given (as a path or a URL). */
const IDENTITIES = new Set([
  'fileURLToPath',
  'pathToFileURL',
  'normalize',
  'String',
  'realpathSync',
  'toString',
]);

function calleeName(node) {
  if (node.k === 'id') return node.name;
  if (node.k === 'member') {
    const object = calleeName(node.object);
    return object ? `${object}.${node.name}` : null;
  }
  return null;
}
