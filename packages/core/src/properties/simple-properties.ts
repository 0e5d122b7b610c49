import { isMap, parseDocument } from 'yaml';

/** The file properties the 'Simple properties' tab edits (spec interface §3). */
export interface SimpleProperties {
  title: string;
  author: string;
  /** Comma-separated. */
  tags: string;
  /** Comma-separated. */
  categories: string;
  excerpt: string;
  featuredImage: string;
  status: string;
  /** YYYY-MM-DD. */
  date: string;
  /** `extensions.preset`: zero, commonmark, gfm or default; empty for the settings' choice. */
  preset: string;
}

const FIELDS: (keyof Omit<SimpleProperties, 'preset'>)[] = [
  'title',
  'author',
  'tags',
  'categories',
  'excerpt',
  'featuredImage',
  'status',
  'date',
];

/** Reads the simple properties out of a properties YAML text; a missing or non-text value is
 * empty (tags and categories given as lists are joined with commas). */
export function readSimpleProperties(yaml: string): SimpleProperties {
  const document = parseDocument(yaml);
  const value = (document.errors.length === 0 ? document.toJS() : {}) as Record<string, unknown>;
  const data = typeof value === 'object' && value !== null ? value : {};
  const text = (input: unknown) =>
    Array.isArray(input)
      ? input.map(String).join(', ')
      : typeof input === 'string' || typeof input === 'number'
        ? String(input)
        : '';
  const result = { preset: '' } as SimpleProperties;
  for (const field of FIELDS) result[field] = text(data[field]);
  const extensions = data.extensions as Record<string, unknown> | undefined;
  result.preset = typeof extensions?.preset === 'string' ? extensions.preset : '';
  return result;
}

/** Writes simple properties into a properties YAML text, keeping its other keys and comments; an
 * empty field removes its key. Invalid YAML is refused (the caller shows the YAML tab). */
export function writeSimpleProperties(yaml: string, simple: SimpleProperties): string {
  // Empty properties start as an empty map (a document of only comments keeps them).
  const document = parseDocument(yaml.trim() === '' ? `${yaml}{}` : yaml);
  if (document.errors.length > 0) throw new Error(document.errors[0]!.message);
  if (document.contents === null) document.contents = parseDocument('{}').contents;
  if (!isMap(document.contents)) {
    throw new Error('The YAML must be a map of keys and values (key: value).');
  }
  document.contents.flow = false;
  for (const field of FIELDS) {
    const value = simple[field].trim();
    if (value === '') document.delete(field);
    else document.set(field, value);
  }
  const preset = simple.preset.trim();
  const extensions = document.get('extensions');
  if (preset !== '') document.setIn(['extensions', 'preset'], preset);
  else if (isMap(extensions)) {
    extensions.delete('preset');
    if (extensions.items.length === 0) document.delete('extensions');
  }
  const text =
    document.contents === null || (isMap(document.contents) && document.contents.items.length === 0)
      ? ''
      : document.toString();
  return text;
}
