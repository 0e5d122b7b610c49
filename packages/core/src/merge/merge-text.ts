import { CONFLICT_MARKERS } from './conflict-markers.js';
import { applyEdits, diffWordEdits, type TextEdit } from './text-edit.js';

/** Names shown on the two halves of a conflict block. */
export interface MergeLabels {
  local: string;
  remote: string;
}

/** A region where both sides changed the same text: both versions are kept in the result,
 * between conflict markers, at `[start, end)`. */
export interface MergeConflict {
  start: number;
  end: number;
  local: string;
  remote: string;
}

/** The outcome of a three-way merge. The text holds every edit of both sides. */
export interface MergeResult {
  text: string;
  conflicts: MergeConflict[];
}

// In a module of its own: the editor finds conflict blocks without loading the merge.
export { CONFLICT_MARKERS };

const DEFAULT_LABELS: MergeLabels = { local: 'this version', remote: 'other version' };

interface SidedEdit extends TextEdit {
  side: 'local' | 'remote' | 'both';
}

// Two edits touch when their base ranges overlap, or both insert at the same point, or one
// inserts inside the range the other replaces, or only spaces of one line lie between them (both
// changed the same spot of a sentence), or they meet where applying both would glue two words
// into one (a word character each side of the seam). Edits come whole words at a time (M3), so
// edits that meet anywhere else apply both with no word cut or glued.
const touches = (base: string, a: TextEdit, b: TextEdit) => {
  if (a.from < b.to && b.from < a.to) return true;
  if (a.from === a.to && b.from === b.to && a.from === b.from) return true;
  if (a.from === a.to && b.from < a.from && a.from < b.to) return true;
  if (b.from === b.to && a.from < b.from && b.from < a.to) return true;
  const [first, second] = a.from <= b.from ? [a, b] : [b, a];
  // Only spaces of one line between them: both sides changed the same spot of a sentence.
  if (first.to < second.from) return /^[ \t]+$/.test(base.slice(first.to, second.from));
  if (first.to !== second.from) return false;
  // A removed line break meeting text written by the other side: applied both, they would glue
  // two lines (handled below: the line break stays).
  if (isLineBreakRemoval(base, first) !== isLineBreakRemoval(base, second)) {
    const other = isLineBreakRemoval(base, first) ? second : first;
    if (other.insert !== '') return true;
  }
  const left = first.insert ? first.insert.slice(-1) : base.charAt(first.from - 1);
  const right = second.insert ? second.insert.charAt(0) : base.charAt(second.to);
  return WORD_CHAR.test(left) && WORD_CHAR.test(right);
};

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

/** Whether an edit only removes line breaks. */
const isLineBreakRemoval = (base: string, edit: TextEdit) =>
  edit.insert === '' && edit.to > edit.from && /^\n+$/.test(base.slice(edit.from, edit.to));

const lineStart = (text: string, pos: number) => text.lastIndexOf('\n', pos - 1) + 1;
const lineEnd = (text: string, pos: number) => {
  const end = text.indexOf('\n', pos);
  return end === -1 ? text.length : end;
};

/** Three-way merge of two descendants of `base` that never loses either side (sync rule M1):
 * edits, compared word by word (a word is never split, M3), that do not overlap are all applied; where both sides changed the same lines
 * differently, both versions are kept in a conflict block spanning whole lines. Identical
 * edits on both sides are applied once. */
export function mergeText(
  base: string,
  local: string,
  remote: string,
  labels: MergeLabels = DEFAULT_LABELS,
): MergeResult {
  if (local === remote) return { text: local, conflicts: [] };
  if (local === base) return { text: remote, conflicts: [] };
  if (remote === base) return { text: local, conflicts: [] };

  const edits: SidedEdit[] = [
    ...diffWordEdits(base, local).map((edit) => ({ ...edit, side: 'local' as const })),
    ...diffWordEdits(base, remote).map((edit) => ({ ...edit, side: 'remote' as const })),
  ].sort((a, b) => a.from - b.from || a.to - b.to);

  const merged: SidedEdit[] = [];
  const conflicts: { from: number; to: number; local: string; remote: string }[] = [];
  let i = 0;
  while (i < edits.length) {
    // Grow a group of edits chained by overlap.
    const group = [edits[i]!];
    let to = edits[i]!.to;
    i += 1;
    while (i < edits.length && group.some((edit) => touches(base, edit, edits[i]!))) {
      to = Math.max(to, edits[i]!.to);
      group.push(edits[i]!);
      i += 1;
    }
    const sides = new Set(group.map((edit) => edit.side));
    if (sides.size === 1) {
      merged.push(...group);
      continue;
    }
    const same =
      group.length === 2 &&
      group[0]!.from === group[1]!.from &&
      group[0]!.to === group[1]!.to &&
      group[0]!.insert === group[1]!.insert;
    if (same) {
      merged.push({ ...group[0]!, side: 'both' });
      continue;
    }
    // One side only removed text that the other side's edit removes too (a final line break
    // dropped by one side, replaced by words on the other): the other side's edit says it all,
    // and no word of either side is lost.
    const deletion = group.length === 2 ? group.find((edit) => edit.insert === '') : undefined;
    const wider = group.find((edit) => edit !== deletion);
    if (deletion && wider && wider.from <= deletion.from && deletion.to <= wider.to) {
      merged.push({ ...wider, side: 'both' });
      continue;
    }
    // One side only removed line breaks right where the other side wrote (a final line break
    // dropped on one side, lines added after it on the other): the line breaks stay, or two
    // lines would be glued into one; no word of either side is lost.
    if (deletion && wider && isLineBreakRemoval(base, deletion)) {
      const meets = deletion.to === wider.from || wider.to === deletion.from;
      if (meets) {
        merged.push(wider);
        continue;
      }
    }
    // Both sides made the same change at the same place, one of them writing more before or
    // after it (a final line break added by both, words typed before it on one side).
    const [one, other] = group;
    if (group.length === 2 && one!.from === other!.from && one!.to === other!.to) {
      const [shorter, longer] =
        one!.insert.length <= other!.insert.length ? [one!, other!] : [other!, one!];
      if (longer.insert.startsWith(shorter.insert) || longer.insert.endsWith(shorter.insert)) {
        merged.push({ ...longer, side: 'both' });
        continue;
      }
    }
    // A real conflict: widen to whole lines, taking in every edit that reaches those lines.
    let from = lineStart(base, group[0]!.from);
    to = lineEnd(base, to);
    while (i < edits.length && edits[i]!.from <= to) {
      to = lineEnd(base, Math.max(to, edits[i]!.to));
      group.push(edits[i]!);
      i += 1;
    }
    while (merged.length > 0 && merged[merged.length - 1]!.to >= from) {
      const previous = merged.pop()!;
      group.push(previous);
      from = Math.min(from, lineStart(base, previous.from));
    }
    const region = base.slice(from, to);
    const version = (side: 'local' | 'remote') =>
      applyEdits(
        region,
        group
          .filter((edit) => edit.side === side || edit.side === 'both')
          .sort((a, b) => a.from - b.from)
          .map((edit) => ({ from: edit.from - from, to: edit.to - from, insert: edit.insert })),
      );
    const localVersion = version('local');
    const remoteVersion = version('remote');
    if (localVersion === remoteVersion) {
      merged.push({ from, to, insert: localVersion, side: 'both' });
    } else {
      conflicts.push({ from, to, local: localVersion, remote: remoteVersion });
      merged.push({
        from,
        to,
        insert: conflictBlock(localVersion, remoteVersion, labels),
        side: 'both',
      });
    }
  }

  const text = applyEdits(base, merged);
  return { text, conflicts: locateConflicts(merged, conflicts) };
}

function conflictBlock(local: string, remote: string, labels: MergeLabels): string {
  return [
    `${CONFLICT_MARKERS.start} ${labels.local}`,
    local,
    CONFLICT_MARKERS.separator,
    remote,
    `${CONFLICT_MARKERS.end} ${labels.remote}`,
  ].join('\n');
}

// Conflict positions in the merged text, from their base positions and the edits before them.
function locateConflicts(
  merged: readonly TextEdit[],
  conflicts: readonly { from: number; to: number; local: string; remote: string }[],
): MergeConflict[] {
  const located: MergeConflict[] = [];
  let shift = 0;
  let c = 0;
  for (const edit of merged) {
    const conflict = conflicts[c];
    if (conflict && conflict.from === edit.from && conflict.to === edit.to) {
      located.push({
        start: edit.from + shift,
        end: edit.from + shift + edit.insert.length,
        local: conflict.local,
        remote: conflict.remote,
      });
      c += 1;
    }
    shift += edit.insert.length - (edit.to - edit.from);
  }
  return located;
}
