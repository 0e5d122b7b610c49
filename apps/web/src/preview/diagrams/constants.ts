/** The fence languages the preview draws: the `data-diagram` values of the converter's
 * placeholders (`<div class="diagram" data-diagram="…">`). */
export const DIAGRAM_KINDS = ['mermaid', 'abc'] as const;

/** A kind of diagram the preview draws. */
export type DiagramKind = (typeof DIAGRAM_KINDS)[number];

/** The accessible name of a drawn diagram, followed by its title when it has one
 * (Mermaid's `accTitle`, abc's `T:` line). */
export const DIAGRAM_LABELS: Readonly<Record<DiagramKind, string>> = {
  mermaid: 'Mermaid diagram',
  abc: 'Music notation',
};

/** The heading of the block shown where a diagram that cannot be drawn would be. */
export const DIAGRAM_ERROR_TITLES: Readonly<Record<DiagramKind, string>> = {
  mermaid: 'This Mermaid diagram cannot be drawn:',
  abc: 'This abc tune cannot be drawn:',
};

/** Shown when the drawing library itself cannot be fetched (offline, a failed deploy). The next
 * placeholder of that kind tries again. */
export const DIAGRAM_LOAD_ERROR =
  'The drawing library could not be loaded. It is tried again on the next change.';

/** Shown for an abc block that holds no music (no tune body after the header). */
export const ABC_NOTHING_TO_DRAW =
  'There is no music to draw: a tune needs a K: line followed by notes.';

/** How many drawings (and error messages) are kept, by kind and source text, for reuse when a
 * block is re-inserted unchanged (an undo, a line added above it). */
export const DIAGRAM_CACHE_SIZE = 100;

/** Diagrams are drawn once the text (and the diagrams' placeholders) have stopped changing for
 * this long, so typing, inside a diagram or anywhere else, never waits on a drawing library.
 * Meanwhile the previous drawing of an edited diagram stays, dimmed. */
export const DIAGRAM_SETTLE_MS = 250;

/** The width of the off-screen box diagrams are laid out in (Mermaid's Gantt charts take the
 * width of their container; the drawings then scale down to the preview). */
export const OFFSCREEN_WIDTH_PX = 800;

/** How far beyond the part of the preview shown a diagram is drawn ahead of the reader: the
 * IntersectionObserver margin around the preview's scroller, a screen and a half above and below.
 * A diagram further away waits (its library and layout run for 50–200 ms a task), and every one
 * is drawn before the preview is printed. */
export const DIAGRAM_NEAR_MARGIN = '150% 0px';
