/** A parsed `fields` selector: each named field, with the selection inside it (or all of it). */
export type Selection = Map<string, Selection | true>;

/** Thrown for a selector Google would refuse (400 Invalid field selection). */
export class FieldsError extends Error {
  override name = 'FieldsError';
}

/**
 * Parses Google's partial-response syntax: `a,b/c,d(e,f)` and `*` (everything at that level).
 */
export function parseFields(text: string): Selection {
  let at = 0;
  function list(): Selection {
    const selection: Selection = new Map();
    for (;;) {
      path(selection);
      if (text[at] === ',') {
        at++;
        continue;
      }
      return selection;
    }
  }
  function path(into: Selection) {
    const match = /^\s*([A-Za-z0-9_*]+)\s*/.exec(text.slice(at));
    if (!match) throw new FieldsError(`Invalid field selection ${text}`);
    at += match[0].length;
    const name = match[1]!;
    if (text[at] === '/') {
      at++;
      const inner = into.get(name);
      const nested: Selection = inner instanceof Map ? inner : new Map<string, Selection | true>();
      if (inner !== true) into.set(name, nested);
      path(nested);
    } else if (text[at] === '(') {
      at++;
      const inner = list();
      if (text[at] !== ')') throw new FieldsError(`Invalid field selection ${text}`);
      at++;
      into.set(name, inner);
    } else {
      into.set(name, true);
    }
  }
  const selection = list();
  if (at !== text.length) throw new FieldsError(`Invalid field selection ${text}`);
  return selection;
}

/** `value` reduced to `selection` (arrays: each item). */
export function select(value: unknown, selection: Selection | true): unknown {
  if (selection === true || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => select(item, selection));
  if (selection.has('*')) return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of selection) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) result[key] = select(field, inner);
  }
  return result;
}
