import { readFileSync } from 'node:fs';

/**
 * A reader of the subset of Stone (Dropbox's API description language) that Dropbox's own spec
 * files use: namespaces, imports, aliases, structs (fields, defaults, nullable `?`, `extends`,
 * enumerated subtypes), unions (open and closed, `extends`), and routes with their `attrs`.
 * Docstrings, examples and annotations are read past.
 */

/** A type as written: `String(min_length=1)`, `List(Metadata)?`, `common.DropboxTimestamp`. */
export interface StoneTypeRef {
  /** The namespace written before the dot, if any. */
  ns?: string;
  name: string;
  /** Positional arguments: types (`List(T)`, `Map(K, V)`). */
  params: StoneTypeRef[];
  /** Keyword arguments: `pattern`, `min_length`, `max_value`… (strings unquoted, numbers as numbers). */
  options: Record<string, string | number | boolean>;
  nullable: boolean;
}

/** A field of a struct. */
export interface StoneField {
  name: string;
  type: StoneTypeRef;
  /** The default as written (`add`, `false`, `10`, `"x"`), if any. */
  default?: string;
}

/** A struct: fields and, for a struct with enumerated subtypes, the subtypes by tag. */
export interface StoneStruct {
  kind: 'struct';
  ns: string;
  name: string;
  extends?: StoneTypeRef;
  fields: StoneField[];
  /** `union` inside a struct: `.tag` → the subtype. */
  subtypes?: { tag: string; type: StoneTypeRef }[];
}

/** A tag of a union, with its value's type unless it is void. */
export interface StoneTag {
  name: string;
  type?: StoneTypeRef;
}

/** A union; an open one (`union`) has the catch-all tag `other` besides those written. */
export interface StoneUnion {
  kind: 'union';
  ns: string;
  name: string;
  closed: boolean;
  extends?: StoneTypeRef;
  tags: StoneTag[];
}

/** An alias: `alias Rev = String(min_length=9, pattern="[0-9a-f]+")`. */
export interface StoneAlias {
  kind: 'alias';
  ns: string;
  name: string;
  type: StoneTypeRef;
}

/** A route: `route name:version (Arg, Result, Error)` with its attributes. */
export interface StoneRoute {
  ns: string;
  name: string;
  version: number;
  arg: StoneTypeRef;
  result: StoneTypeRef;
  error: StoneTypeRef;
  deprecated: boolean;
  /** The `attrs` block as written (`host`, `style`, `auth`, `scope`, `allow_app_folder_app`…). */
  attrs: Record<string, string | boolean>;
}

export type StoneDefinition = StoneStruct | StoneUnion | StoneAlias;

/** One `.stone` file. */
export interface StoneNamespace {
  name: string;
  imports: string[];
  definitions: Map<string, StoneDefinition>;
  routes: StoneRoute[];
}

/** A logical line: physical lines joined while a string literal is open. */
interface Line {
  indent: number;
  text: string;
  number: number;
}

/** Splits the text into logical lines, comments and blank lines left out. */
function logicalLines(source: string): Line[] {
  const physical = source.split(/\r?\n/);
  const lines: Line[] = [];
  for (let i = 0; i < physical.length; i++) {
    const first = physical[i]!;
    const number = i + 1;
    let text = first;
    while (inString(text) && i + 1 < physical.length) text += `\n${physical[++i]!}`;
    const trimmed = text.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    lines.push({ indent: first.length - first.trimStart().length, text: trimmed, number });
  }
  return lines;
}

/** Whether a string literal is still open at the end of `text` (backslash escapes honoured). */
function inString(text: string) {
  let open = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (open && c === '\\') i++;
    else if (c === '"') open = !open;
    else if (!open && c === '#') return false;
  }
  return open;
}

/** The value of a string literal (`\"` and `\\` unescaped; other escapes kept for regexes). */
function unquote(literal: string) {
  return literal.slice(1, -1).replace(/\\(["\\])/g, '$1');
}

class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  skipSpace() {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }
  peek() {
    this.skipSpace();
    return this.text[this.pos];
  }
  eat(char: string) {
    if (this.peek() !== char) return false;
    this.pos++;
    return true;
  }
  expect(char: string) {
    if (!this.eat(char)) throw new Error(`'${char}' expected at ${this.pos} in: ${this.text}`);
  }
  word() {
    this.skipSpace();
    const match = /^[A-Za-z_][\w.]*/.exec(this.text.slice(this.pos));
    if (!match) throw new Error(`a name expected at ${this.pos} in: ${this.text}`);
    this.pos += match[0].length;
    return match[0];
  }
  /** A literal: a string, a number, true/false/null, or a bare name. */
  literal(): string | number | boolean {
    this.skipSpace();
    if (this.text[this.pos] === '"') {
      let end = this.pos + 1;
      while (end < this.text.length && this.text[end] !== '"')
        end += this.text[end] === '\\' ? 2 : 1;
      const raw = this.text.slice(this.pos, end + 1);
      this.pos = end + 1;
      return unquote(raw);
    }
    const match = /^-?[\w.]+/.exec(this.text.slice(this.pos));
    if (!match) throw new Error(`a value expected at ${this.pos} in: ${this.text}`);
    this.pos += match[0].length;
    if (match[0] === 'true' || match[0] === 'false') return match[0] === 'true';
    return /^-?\d+(\.\d+)?$/.test(match[0]) ? Number(match[0]) : match[0];
  }
  rest() {
    return this.text.slice(this.pos).trim();
  }
}

/** Reads a type reference at the cursor. */
function readType(cursor: Cursor): StoneTypeRef {
  const written = cursor.word();
  const dot = written.lastIndexOf('.');
  const ref: StoneTypeRef = {
    ...(dot > 0 ? { ns: written.slice(0, dot) } : {}),
    name: dot > 0 ? written.slice(dot + 1) : written,
    params: [],
    options: {},
    nullable: false,
  };
  if (cursor.eat('(')) {
    while (!cursor.eat(')')) {
      const save = cursor.pos;
      const key = /^\s*(\w+)\s*=/.exec(cursor.text.slice(cursor.pos));
      if (key) {
        cursor.pos = save + key[0].length;
        ref.options[key[1]!] = cursor.literal();
      } else if (cursor.peek() === '"') {
        ref.options.format = cursor.literal(); // Timestamp("%Y-%m-%dT%H:%M:%SZ")
      } else {
        ref.params.push(readType(cursor));
      }
      cursor.eat(',');
    }
  }
  if (cursor.eat('?')) ref.nullable = true;
  return ref;
}

/** Parses one Stone file. */
export function parseStone(source: string): StoneNamespace {
  const lines = logicalLines(source);
  const ns: StoneNamespace = { name: '', imports: [], definitions: new Map(), routes: [] };
  /** The lines of the block under line `i` (more indented), and the index after it. */
  const block = (i: number) => {
    const indent = lines[i]!.indent;
    let end = i + 1;
    while (end < lines.length && lines[end]!.indent > indent) end++;
    return { body: lines.slice(i + 1, end), next: end };
  };
  /** The direct children of a block: each with its own sub-block. */
  const children = (body: Line[]) => {
    const out: { line: Line; sub: Line[] }[] = [];
    if (body.length === 0) return out;
    const indent = body[0]!.indent;
    for (const line of body) {
      if (line.indent <= indent) out.push({ line, sub: [] });
      else out[out.length - 1]?.sub.push(line);
    }
    return out;
  };
  const isDoc = (line: Line) => line.text.startsWith('"') || line.text.startsWith('@');

  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const { body, next } = block(i);
    const cursor = new Cursor(line.text);
    const keyword = cursor.word();
    switch (keyword) {
      case 'namespace':
        ns.name = cursor.word();
        break;
      case 'import':
        ns.imports.push(cursor.word());
        break;
      case 'alias': {
        const name = cursor.word();
        cursor.expect('=');
        ns.definitions.set(name, { kind: 'alias', ns: ns.name, name, type: readType(cursor) });
        break;
      }
      case 'struct': {
        const name = cursor.word();
        const struct: StoneStruct = { kind: 'struct', ns: ns.name, name, fields: [] };
        if (cursor.rest().startsWith('extends')) {
          cursor.word();
          struct.extends = readType(cursor);
        }
        for (const { line: child, sub } of children(body)) {
          if (isDoc(child)) continue;
          const inner = new Cursor(child.text);
          const word = inner.word();
          if (word === 'example') continue;
          if (word === 'union' || word === 'union_closed') {
            struct.subtypes = children(sub)
              .filter(({ line: tagLine }) => !isDoc(tagLine))
              .map(({ line: tagLine }) => {
                const tagCursor = new Cursor(tagLine.text);
                return { tag: tagCursor.word(), type: readType(tagCursor) };
              });
            continue;
          }
          const field: StoneField = { name: word, type: readType(inner) };
          if (inner.eat('=')) field.default = String(inner.rest());
          struct.fields.push(field);
        }
        ns.definitions.set(name, struct);
        break;
      }
      case 'union':
      case 'union_closed': {
        const name = cursor.word();
        const union: StoneUnion = {
          kind: 'union',
          ns: ns.name,
          name,
          closed: keyword === 'union_closed',
          tags: [],
        };
        if (cursor.rest().startsWith('extends')) {
          cursor.word();
          union.extends = readType(cursor);
        }
        for (const { line: child } of children(body)) {
          if (isDoc(child)) continue;
          const inner = new Cursor(child.text);
          const word = inner.word();
          if (word === 'example') continue;
          inner.eat('*'); // A catch-all tag.
          const rest = inner.rest();
          union.tags.push(
            rest && !rest.startsWith('"') ? { name: word, type: readType(inner) } : { name: word },
          );
        }
        ns.definitions.set(name, union);
        break;
      }
      case 'route': {
        // Route names hold slashes (`list_folder/continue`): read up to the version or the '('.
        const head = /^([\w/]+)(?::(\d+))?\s*\(/.exec(line.text.slice('route'.length).trim());
        if (!head) throw new Error(`line ${line.number}: a route expected: ${line.text}`);
        const rest = new Cursor(line.text.slice(line.text.indexOf('(')));
        rest.expect('(');
        const arg = readType(rest);
        rest.expect(',');
        const result = readType(rest);
        rest.expect(',');
        const error = readType(rest);
        rest.expect(')');
        const route: StoneRoute = {
          ns: ns.name,
          name: head[1]!,
          version: head[2] ? Number(head[2]) : 1,
          arg,
          result,
          error,
          deprecated: rest.rest().startsWith('deprecated'),
          attrs: {},
        };
        for (const { line: child, sub } of children(body)) {
          if (child.text !== 'attrs') continue;
          for (const attr of sub) {
            const attrCursor = new Cursor(attr.text);
            const key = attrCursor.word();
            attrCursor.expect('=');
            const value = attrCursor.literal();
            route.attrs[key] = typeof value === 'number' ? String(value) : value;
          }
        }
        ns.routes.push(route);
        break;
      }
      case 'annotation':
      case 'annotation_type':
        break;
      default:
        throw new Error(`line ${line.number}: unexpected '${keyword}'`);
    }
    i = next;
  }
  return ns;
}

/** The Stone files kept in fixtures/dropbox (Dropbox's `dropbox-api-spec`, verbatim). */
export const STONE_FILES = [
  'account_id',
  'async',
  'auth',
  'common',
  'file_properties',
  'files',
  'stone_cfg',
  'team_common',
  'team_policies',
  'users',
  'users_common',
] as const;

const PRIMITIVES = new Set([
  'String',
  'Boolean',
  'Bytes',
  'Float32',
  'Float64',
  'Int32',
  'Int64',
  'UInt32',
  'UInt64',
  'Timestamp',
  'Void',
  'List',
  'Map',
]);

/** Dropbox's API description: the namespaces of the fixtures, their types resolved across imports. */
export class StoneSpec {
  readonly namespaces = new Map<string, StoneNamespace>();

  constructor(sources: Iterable<string>) {
    for (const source of sources) {
      const ns = parseStone(source);
      this.namespaces.set(ns.name, ns);
    }
  }

  /** The spec of the fixtures (read once). */
  static fixtures(): StoneSpec {
    cached ??= new StoneSpec(
      STONE_FILES.map((file) =>
        readFileSync(new URL(`../../fixtures/dropbox/${file}.stone`, import.meta.url), 'utf8'),
      ),
    );
    return cached;
  }

  /** The route `ns/name` at `version` (1 unless given), if the description has it. */
  route(ns: string, name: string, version = 1): StoneRoute | undefined {
    return this.namespaces.get(ns)?.routes.find((r) => r.name === name && r.version === version);
  }

  /** The route a URL path names: `files/delete_v2` is `files` `delete` version 2. */
  routeByPath(path: string): StoneRoute | undefined {
    const slash = path.indexOf('/');
    if (slash < 0) return undefined;
    const versioned = /^(.*)_v(\d+)$/.exec(path.slice(slash + 1));
    return versioned
      ? this.route(path.slice(0, slash), versioned[1]!, Number(versioned[2]))
      : this.route(path.slice(0, slash), path.slice(slash + 1));
  }

  /** A route's attribute, with stone_cfg's `Route` default when the route leaves it out. */
  attr(route: StoneRoute, key: string): string | boolean | undefined {
    if (key in route.attrs) return route.attrs[key];
    const cfg = this.lookup('stone_cfg', {
      name: 'Route',
      params: [],
      options: {},
      nullable: false,
    });
    const field = cfg?.kind === 'struct' ? cfg.fields.find((f) => f.name === key) : undefined;
    if (field?.default === undefined) return undefined;
    const value = new Cursor(field.default).literal();
    return typeof value === 'number' ? String(value) : value;
  }

  /** The definition a reference names, seen from namespace `from`; undefined for a primitive. */
  lookup(from: string, ref: StoneTypeRef): StoneDefinition | undefined {
    if (!ref.ns && PRIMITIVES.has(ref.name)) return undefined;
    const ns = this.namespaces.get(ref.ns ?? from);
    const found = ns?.definitions.get(ref.name);
    if (!found) throw new Error(`${ref.ns ?? from}.${ref.name} is not in the description`);
    return found;
  }

  /** The definition named `ns.name` (a struct, union or alias). */
  definition(ns: string, name: string): StoneDefinition {
    const found = this.namespaces.get(ns)?.definitions.get(name);
    if (!found) throw new Error(`${ns}.${name} is not in the description`);
    return found;
  }

  /** Every field of a struct, its ancestors' first. */
  fields(struct: StoneStruct): StoneField[] {
    const base = struct.extends ? this.lookup(struct.ns, struct.extends) : undefined;
    return [...(base?.kind === 'struct' ? this.fields(base) : []), ...struct.fields];
  }

  /** Every tag of a union, its ancestors' first, with `other` for an open union. */
  tags(union: StoneUnion): StoneTag[] {
    const base = union.extends ? this.lookup(union.ns, union.extends) : undefined;
    const own = [...(base?.kind === 'union' ? this.tags(base) : []), ...union.tags];
    return union.closed || own.some((tag) => tag.name === 'other')
      ? own
      : [...own, { name: 'other' }];
  }
}
let cached: StoneSpec | undefined;
