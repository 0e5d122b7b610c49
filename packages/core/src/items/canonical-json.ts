// One JSON text per value, whatever order its keys were set in: the input of content hashes.

/**
 * Serialises a JSON-like value as `JSON.stringify` would, except that the keys of every object,
 * at every depth, are sorted (by UTF-16 code units, the default `Array.prototype.sort` order) and
 * no whitespace is added. Equal values therefore give equal texts.
 *
 * As in JSON: `undefined`, functions and symbols are left out of objects and become `null` in
 * arrays; non-finite numbers become `null`; `toJSON` is honoured (a Date becomes its ISO string).
 * Throws a TypeError on a bigint, on a circular structure, or when the value itself is
 * `undefined`, a function or a symbol.
 */
export function canonicalJson(value: unknown): string {
  const text = serialise(value, new Set());
  if (text === undefined) {
    throw new TypeError(`canonicalJson: a ${typeof value} is not a JSON value.`);
  }
  return text;
}

function serialise(value: unknown, ancestors: Set<object>): string | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('canonicalJson: a bigint is not a JSON value.');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  const object = value as { toJSON?: unknown };
  if (typeof object.toJSON === 'function') {
    return serialise((object.toJSON as () => unknown)(), ancestors);
  }
  if (ancestors.has(object)) {
    throw new TypeError('canonicalJson: a circular structure is not a JSON value.');
  }
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      return `[${object.map((element: unknown) => serialise(element, ancestors) ?? 'null').join(',')}]`;
    }
    const record = object as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const member = serialise(record[key], ancestors);
      if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`);
    }
    return `{${members.join(',')}}`;
  } finally {
    ancestors.delete(object);
  }
}
