// Spec core §5: "duplicates are made unique by appending .1, .2 and so on."

import { MAX_NAME_LENGTH } from '../constants.js';
import { truncate } from './text.js';

/**
 * The name with the suffix `.{n}` appended: `nameWithSuffix('Notes', 2)` is 'Notes.2'. Names are
 * not parsed: 'Notes.1' with suffix 1 is 'Notes.1.1'. When the result would pass
 * {@link MAX_NAME_LENGTH} (250), the name is cut to make room, so that the suffix survives.
 */
export function nameWithSuffix(name: string, n: number): string {
  const suffix = `.${n}`;
  return truncate(name, MAX_NAME_LENGTH - suffix.length) + suffix;
}

/**
 * The name itself if it is not taken, else the first of `name.1`, `name.2`, … that is not
 * (see {@link nameWithSuffix}). For the explorer, creating or moving an item next to existing
 * ones: pass the names of the siblings of the same kind (files for a file, folders for a folder),
 * since a file and a folder of the same name have different paths. Names compare exactly.
 */
export function uniqueName(name: string, takenNames: Iterable<string>): string {
  const taken =
    takenNames instanceof Set ? (takenNames as ReadonlySet<string>) : new Set(takenNames);
  if (!taken.has(name)) return name;
  for (let n = 1; ; n += 1) {
    const candidate = nameWithSuffix(name, n);
    if (!taken.has(candidate)) return candidate;
  }
}
