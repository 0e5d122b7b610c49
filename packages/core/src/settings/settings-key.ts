import { isMap, parseDocument } from 'yaml';

/** The result of changing one key of a settings text: the new text, or why it was not changed. */
export type SetSettingsKeyResult = { ok: true; text: string } | { ok: false; error: string };

/** Sets one key of a YAML settings text (`path` names nested keys, `['editor', 'inlineImages']`)
 * and keeps everything else as the user wrote it: other keys, their order and comments. A key
 * that is missing is added at the end of its map. Text that is not valid YAML, or not a map of
 * keys and values, is not changed: the user's text is never overwritten by a guess. */
export function setSettingsKey(
  yamlText: string,
  path: readonly string[],
  value: unknown,
): SetSettingsKeyResult {
  if (path.length === 0) return { ok: false, error: 'No key to set.' };
  const document = parseDocument(yamlText, { prettyErrors: true });
  const error = document.errors[0];
  if (error) return { ok: false, error: error.message };
  const contents: unknown = document.contents;
  if (contents !== null && !isMap(contents)) {
    return { ok: false, error: 'The YAML must be a map of keys and values (key: value).' };
  }
  for (let depth = 1; depth < path.length; depth += 1) {
    const parent: unknown = document.getIn(path.slice(0, depth), true);
    if (parent !== undefined && !isMap(parent)) {
      return { ok: false, error: `“${path.slice(0, depth).join('.')}” is not a map of keys.` };
    }
  }
  document.setIn(path, value);
  // lineWidth 0: long values stay on their line instead of being folded.
  return { ok: true, text: document.toString({ lineWidth: 0 }) };
}
