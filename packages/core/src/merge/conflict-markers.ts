/** Markers of a conflict block, each on a line of its own. */
export const CONFLICT_MARKERS = {
  start: '<<<<<<<',
  separator: '=======',
  end: '>>>>>>>',
} as const;
