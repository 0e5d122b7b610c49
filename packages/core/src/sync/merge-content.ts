import { mergeTalk } from '../discussions/merge-talk.js';
import { type ContentSnapshot } from '../items/types.js';
import { mergeText } from '../merge/merge-text.js';
import { mergeRecords, same } from './merge-records.js';

export { mergeRecords };

/** The outcome of merging two versions of a file's content. `conflicts` counts the places where
 * both sides changed the same thing differently (both kept, see M2). */
export interface ContentMergeResult {
  snapshot: ContentSnapshot;
  conflicts: number;
}

/** The parts of a content item that are merged, without id, hash or history. */
export function toSnapshot(content: ContentSnapshot): ContentSnapshot {
  return {
    text: content.text,
    properties: content.properties,
    discussions: content.discussions,
    comments: content.comments,
  };
}

/** An empty content: the base of two versions that share no known ancestor. */
export const EMPTY_SNAPSHOT: ContentSnapshot = {
  text: '',
  properties: '',
  discussions: {},
  comments: {},
};

/** Three-way merge of a file's content (spec core §4 rule 4, rule S4): the text with
 * `mergeText`; the properties key by key when all three parse as YAML maps and no key was changed
 * differently on both sides, else as text; discussions and comments key by key, where a key
 * changed differently on both sides keeps the local version, each discussion's range moved to the
 * same words of the merged text (discussions/merge-talk.ts). Asynchronous: the YAML parser is loaded
 * only when both sides changed the properties (see {@link mergeProperties}). */
export async function mergeContent(
  base: ContentSnapshot,
  local: ContentSnapshot,
  remote: ContentSnapshot,
): Promise<ContentMergeResult> {
  const text = mergeText(base.text, local.text, remote.text);
  const properties = await mergeProperties(base.properties, local.properties, remote.properties);
  return {
    snapshot: {
      text: text.text,
      properties: properties.text,
      ...mergeTalk(base, local, remote, text.text),
    },
    conflicts: text.conflicts.length + properties.conflicts,
  };
}

/** Merges property texts by top-level key (see {@link mergeContent}). The YAML parser (the
 * `yaml` package, 32 KB of gzip) is imported here, when both sides changed the properties, so
 * that an app's first screen need not load it (issue 26). */
export async function mergeProperties(
  base: string,
  local: string,
  remote: string,
): Promise<{ text: string; conflicts: number }> {
  if (local === remote || remote === base) return { text: local, conflicts: 0 };
  if (local === base) return { text: remote, conflicts: 0 };
  const [{ parseYamlObject }, { stringify }] = await Promise.all([
    import('../properties/yaml.js'),
    import('yaml'),
  ]);
  const parsed = [base, local, remote].map(parseYamlObject);
  let clash = false;
  if (parsed.every((result) => result.ok)) {
    const [b, l, r] = parsed.map((result) => (result.ok ? result.value : {})) as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    clash = Object.keys({ ...l, ...r }).some(
      (key) => !same(l[key], b[key]) && !same(r[key], b[key]) && !same(l[key], r[key]),
    );
    if (!clash) return { text: stringify(mergeRecords(b, l, r)), conflicts: 0 };
  }
  // A key changed differently on both sides is a conflict, even where the text merge finds none.
  const merged = mergeText(base, local, remote);
  return { text: merged.text, conflicts: Math.max(merged.conflicts.length, clash ? 1 : 0) };
}
