import type { DriveFile } from './store.js';

/** A parsed `q` of files.list: a test on one file. */
export type Query = (file: DriveFile) => boolean;

/** Thrown for a `q` Drive would refuse (the route answers 400 Invalid Value, location q). */
export class QueryError extends Error {
  override name = 'QueryError';
}

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'word'; value: string }
  | { kind: 'op'; value: string };

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < q.length) {
    const c = q[index]!;
    if (/\s/.test(c)) {
      index++;
    } else if (c === "'") {
      let value = '';
      index++;
      while (index < q.length && q[index] !== "'") {
        if (q[index] === '\\' && index + 1 < q.length) index++;
        value += q[index];
        index++;
      }
      if (index >= q.length) throw new QueryError('Unterminated string');
      index++;
      tokens.push({ kind: 'string', value });
    } else if ('(){}'.includes(c)) {
      tokens.push({ kind: 'op', value: c });
      index++;
    } else if (c === '!' || c === '<' || c === '>' || c === '=') {
      const two = q.slice(index, index + 2);
      const value = ['!=', '<=', '>='].includes(two) ? two : c;
      tokens.push({ kind: 'op', value });
      index += value.length;
    } else {
      const match = /^[A-Za-z0-9_.:-]+/.exec(q.slice(index));
      if (!match) throw new QueryError(`Unexpected ${c}`);
      tokens.push({ kind: 'word', value: match[0] });
      index += match[0].length;
    }
  }
  return tokens;
}

const compare = (op: string, left: string, right: string) => {
  switch (op) {
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    default:
      throw new QueryError(`Operator ${op}`);
  }
};

/**
 * Parses the forms of Drive's query language the sync uses: `'{id}' in parents`,
 * `name = '…'` (and `!=`, `contains`), `mimeType = '…'` (and `!=`, `contains`), `trashed =
 * true|false`, `modifiedTime > '…'`, `appProperties has { key='…' and value='…' }` (and
 * `properties has`), joined by `and`, `or`, `not` and parentheses.
 */
export function parseQuery(q: string): Query {
  const tokens = tokenize(q);
  let at = 0;
  const peek = () => tokens[at];
  const take = () => {
    const token = tokens[at++];
    if (!token) throw new QueryError('Unexpected end of query');
    return token;
  };
  const expect = (kind: Token['kind'], value?: string) => {
    const token = take();
    if (token.kind !== kind || (value !== undefined && token.value !== value)) {
      throw new QueryError(`Expected ${value ?? kind}`);
    }
    return token.value;
  };
  const isWord = (value: string) => {
    const token = peek();
    return token?.kind === 'word' && token.value.toLowerCase() === value;
  };

  function or(): Query {
    let left = and();
    while (isWord('or')) {
      take();
      const a = left;
      const b = and();
      left = (file) => a(file) || b(file);
    }
    return left;
  }
  function and(): Query {
    let left = not();
    while (isWord('and')) {
      take();
      const a = left;
      const b = not();
      left = (file) => a(file) && b(file);
    }
    return left;
  }
  function not(): Query {
    if (isWord('not')) {
      take();
      const inner = not();
      return (file) => !inner(file);
    }
    const token = peek();
    if (token?.kind === 'op' && token.value === '(') {
      take();
      const inner = or();
      expect('op', ')');
      return inner;
    }
    return term();
  }
  function term(): Query {
    const first = take();
    if (first.kind === 'string') {
      expect('word', 'in');
      const field = expect('word');
      if (field !== 'parents') throw new QueryError(`'…' in ${field}`);
      return (file) => file.parents.includes(first.value);
    }
    if (first.kind !== 'word') throw new QueryError('Expected a field');
    const field = first.value;
    if (field === 'appProperties' || field === 'properties') {
      expect('word', 'has');
      expect('op', '{');
      expect('word', 'key');
      expect('op', '=');
      const key = expect('string');
      expect('word', 'and');
      expect('word', 'value');
      expect('op', '=');
      const value = expect('string');
      expect('op', '}');
      return (file) => file[field][key] === value;
    }
    const opToken = take();
    const op = opToken.value;
    if (field === 'trashed' || field === 'starred') {
      const value = expect('word');
      if (value !== 'true' && value !== 'false') throw new QueryError(`${field} ${value}`);
      if (op !== '=' && op !== '!=') throw new QueryError(`${field} ${op}`);
      return (file) => compare(op, String(field === 'trashed' ? file.trashed : false), value);
    }
    const value = expect('string');
    const read: Record<string, (file: DriveFile) => string> = {
      name: (file) => file.name,
      mimeType: (file) => file.mimeType,
      modifiedTime: (file) => file.modifiedTime,
      createdTime: (file) => file.createdTime,
    };
    const get = read[field];
    if (!get) throw new QueryError(`Unknown field ${field}`);
    if (op === 'contains') return (file) => get(file).includes(value);
    if (opToken.kind !== 'op') throw new QueryError(`Operator ${op}`);
    return (file) => compare(op, get(file), value);
  }

  const query = or();
  if (at !== tokens.length) throw new QueryError('Unexpected text after the query');
  return query;
}
