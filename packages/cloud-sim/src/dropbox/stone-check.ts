import type { StoneSpec, StoneStruct, StoneTypeRef, StoneUnion } from './stone.js';

const kind = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const INTEGER_RANGES: Record<string, [number, number]> = {
  Int32: [-(2 ** 31), 2 ** 31 - 1],
  UInt32: [0, 2 ** 32 - 1],
  Int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  UInt64: [0, Number.MAX_SAFE_INTEGER],
};

/** A strftime format (`%Y-%m-%dT%H:%M:%SZ`) as the regex of the strings it makes. */
function timestampPattern(format: string) {
  const parts: Record<string, string> = {
    Y: '\\d{4}',
    m: '\\d{2}',
    d: '\\d{2}',
    H: '\\d{2}',
    M: '\\d{2}',
    S: '\\d{2}',
  };
  const escaped = format.replace(/%(\w)|([.*+?^${}()|[\]\\])/g, (_, code: string, char: string) =>
    code ? (parts[code] ?? '.+') : `\\${char}`,
  );
  return new RegExp(`^${escaped}$`);
}

/**
 * Where a JSON value departs from a Stone type as Dropbox serializes it: a struct is an object of
 * its declared fields (required ones present, nullable ones absent or null), a struct with
 * enumerated subtypes carries its subtype's `.tag`, a union is `"tag"` (void tags) or
 * `{".tag": tag, …}` with a struct value's fields inlined or another value under the tag's name;
 * strings meet their `pattern` and lengths, numbers their kind and range, timestamps their format.
 * An empty list when the value conforms.
 */
export function stoneErrors(
  spec: StoneSpec,
  from: string,
  ref: StoneTypeRef,
  value: unknown,
  at: string,
): string[] {
  if (value === null || value === undefined) {
    return nullable(spec, from, ref) ? [] : [`${at}: a value is required`];
  }
  const definition = spec.lookup(from, ref);
  if (definition?.kind === 'alias') {
    const inner = definition.type;
    return stoneErrors(
      spec,
      definition.ns,
      { ...inner, nullable: inner.nullable || ref.nullable },
      value,
      at,
    );
  }
  if (definition?.kind === 'struct') return structErrors(spec, definition, value, at);
  if (definition?.kind === 'union') return unionErrors(spec, definition, value, at);
  const actual = kind(value);
  const { options } = ref;
  switch (ref.name) {
    case 'String': {
      if (actual !== 'string') return [`${at}: a string expected, ${actual} given`];
      const text = value as string;
      const errors: string[] = [];
      if (typeof options.min_length === 'number' && text.length < options.min_length) {
        errors.push(`${at}: shorter than ${options.min_length}`);
      }
      if (typeof options.max_length === 'number' && text.length > options.max_length) {
        errors.push(`${at}: longer than ${options.max_length}`);
      }
      if (
        typeof options.pattern === 'string' &&
        !new RegExp(`^(?:${options.pattern})$`).test(text)
      ) {
        errors.push(`${at}: '${text}' did not match pattern '${options.pattern}'`);
      }
      return errors;
    }
    case 'Timestamp': {
      if (actual !== 'string') return [`${at}: a timestamp string expected, ${actual} given`];
      const format = typeof options.format === 'string' ? options.format : '';
      return format && !timestampPattern(format).test(value as string)
        ? [`${at}: '${value as string}' is not a timestamp in the format ${format}`]
        : [];
    }
    case 'Boolean':
      return actual === 'boolean' ? [] : [`${at}: a boolean expected, ${actual} given`];
    case 'Float32':
    case 'Float64':
      return actual === 'number' ? [] : [`${at}: a number expected, ${actual} given`];
    case 'Int32':
    case 'Int64':
    case 'UInt32':
    case 'UInt64': {
      if (actual !== 'number' || !Number.isInteger(value)) {
        return [`${at}: an integer expected, ${actual} given`];
      }
      const [low, high] = INTEGER_RANGES[ref.name]!;
      const min = typeof options.min_value === 'number' ? options.min_value : low;
      const max = typeof options.max_value === 'number' ? options.max_value : high;
      const n = value as number;
      return n < min || n > max ? [`${at}: ${n} is not within ${min}..${max}`] : [];
    }
    case 'Bytes':
      return actual === 'string' ? [] : [`${at}: base64 bytes expected, ${actual} given`];
    case 'Void':
      return [`${at}: no value expected`];
    case 'List': {
      if (actual !== 'array') return [`${at}: a list expected, ${actual} given`];
      const items = value as unknown[];
      const errors: string[] = [];
      if (typeof options.max_items === 'number' && items.length > options.max_items) {
        errors.push(`${at}: more than ${options.max_items} items`);
      }
      if (typeof options.min_items === 'number' && items.length < options.min_items) {
        errors.push(`${at}: fewer than ${options.min_items} items`);
      }
      const item = ref.params[0]!;
      return [
        ...errors,
        ...items.flatMap((entry, index) => stoneErrors(spec, from, item, entry, `${at}[${index}]`)),
      ];
    }
    case 'Map': {
      if (actual !== 'object') return [`${at}: a map expected, ${actual} given`];
      const valueType = ref.params[1]!;
      return Object.entries(value as Record<string, unknown>).flatMap(([key, entry]) =>
        stoneErrors(spec, from, valueType, entry, `${at}.${key}`),
      );
    }
    default:
      return [`${at}: unknown type ${ref.name}`];
  }
}

/** Whether a type takes no value: `T?`, Void, or an alias of one (`alias MalformedPathError = String?`). */
function nullable(spec: StoneSpec, from: string, ref: StoneTypeRef): boolean {
  if (ref.nullable || (!ref.ns && ref.name === 'Void')) return true;
  const definition = spec.lookup(from, ref);
  return definition?.kind === 'alias' ? nullable(spec, definition.ns, definition.type) : false;
}

function structErrors(spec: StoneSpec, struct: StoneStruct, value: unknown, at: string): string[] {
  if (kind(value) !== 'object')
    return [`${at}: an object (${struct.name}) expected, ${kind(value)} given`];
  const object = value as Record<string, unknown>;
  if (struct.subtypes) {
    const tag = object['.tag'];
    const subtype = struct.subtypes.find((entry) => entry.tag === tag);
    if (!subtype) {
      return [`${at}: '.tag' ${JSON.stringify(tag)} is not a subtype of ${struct.name}`];
    }
    const target = spec.lookup(struct.ns, subtype.type);
    if (target?.kind !== 'struct') return [`${at}: ${subtype.tag} is not a struct`];
    const { ['.tag']: _tag, ...rest } = object;
    return structErrors(spec, target, rest, at);
  }
  const fields = spec.fields(struct);
  const errors: string[] = [];
  for (const key of Object.keys(object)) {
    if (!fields.some((field) => field.name === key)) {
      errors.push(`${at}.${key}: not a field of ${struct.ns}.${struct.name}`);
    }
  }
  for (const field of fields) {
    const fieldValue = object[field.name];
    if (fieldValue === undefined && (field.type.nullable || field.default !== undefined)) continue;
    errors.push(...stoneErrors(spec, struct.ns, field.type, fieldValue, `${at}.${field.name}`));
  }
  return errors;
}

function unionErrors(spec: StoneSpec, union: StoneUnion, value: unknown, at: string): string[] {
  const tags = spec.tags(union);
  let tagName: unknown;
  let object: Record<string, unknown> = {};
  if (typeof value === 'string') tagName = value;
  else if (kind(value) === 'object') {
    object = value as Record<string, unknown>;
    tagName = object['.tag'];
  } else return [`${at}: a union (${union.name}) expected, ${kind(value)} given`];
  const tag = tags.find((entry) => entry.name === tagName);
  if (!tag) {
    return [`${at}: ${JSON.stringify(tagName)} is not a tag of ${union.ns}.${union.name}`];
  }
  if (!tag.type || tag.type.name === 'Void') {
    const extra = Object.keys(object).filter((key) => key !== '.tag');
    return extra.map((key) => `${at}.${key}: the tag ${tag.name} has no value`);
  }
  if (typeof value === 'string') {
    return nullable(spec, union.ns, tag.type) ? [] : [`${at}: the tag ${tag.name} needs a value`];
  }
  const target = spec.lookup(union.ns, tag.type);
  const inner = target?.kind === 'alias' ? spec.lookup(target.ns, target.type) : target;
  if (inner?.kind === 'struct') {
    const { ['.tag']: _tag, ...rest } = object;
    return structErrors(spec, inner, rest, at);
  }
  const extra = Object.keys(object).filter((key) => key !== '.tag' && key !== tag.name);
  return [
    ...extra.map((key) => `${at}.${key}: not part of the tag ${tag.name}`),
    ...stoneErrors(spec, union.ns, tag.type, object[tag.name], `${at}.${tag.name}`),
  ];
}
