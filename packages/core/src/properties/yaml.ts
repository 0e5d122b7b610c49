import { parse, YAMLParseError } from 'yaml';

/** The result of reading YAML text as an object: the object (empty when the text is empty or
 * only comments), or the parser's error message. */
export type YamlObjectResult =
  { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Reads YAML text that must hold a mapping (file properties, custom settings). A scalar or a
 * list is an error too: these texts are always key: value maps. */
export function parseYamlObject(text: string): YamlObjectResult {
  let value: unknown;
  try {
    value = parse(text, { prettyErrors: true, maxAliasCount: 50 });
  } catch (error) {
    const message =
      error instanceof YAMLParseError || error instanceof Error ? error.message : String(error);
    return { ok: false, error: message };
  }
  if (value === null || value === undefined) return { ok: true, value: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'The YAML must be a map of keys and values (key: value).' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
