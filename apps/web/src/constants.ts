// Constants of spec interface §9 that the web app uses, named as the spec names them.

/** Find highlight debounce (ms): matches are recomputed this long after a change of the text,
 * the find text, or a flag. */
export const FIND_HIGHLIGHT_DEBOUNCE = 25;
/** Find highlight limit: only matches up to this one are highlighted in the editor. */
export const FIND_HIGHLIGHT_LIMIT = 200;

/** Layout constants (px). */
export const EDITOR_MIN_WIDTH = 320;
export const EXPLORER_WIDTH = 260;
export const SIDE_BAR_WIDTH = 280;
export const NAVIGATION_BAR_HEIGHT = 44;
export const BUTTON_BAR_WIDTH = 26;
export const STATUS_BAR_HEIGHT = 20;
/** The file title's width stays between these (px). */
export const TITLE_MIN_WIDTH = 200;
export const TITLE_MAX_WIDTH = 800;

/** The editor's and the preview's font size and text width (px) on a wide window. */
export const FONT_SIZE = 18;
export const TEXT_WIDTH = 990;
/** Below these window widths (px) the font size and text width are reduced: the spec gives the
 * widths and the narrowest text width (640); the other values are ours
 * (docs/reference/choices.md). */
export const REDUCED_LAYOUTS: readonly { below: number; fontSize: number; textWidth: number }[] = [
  { below: 1040, fontSize: 16, textWidth: 640 },
  { below: 1120, fontSize: 17, textWidth: 830 },
];

/** Cursor focus ratio: how far (in halves of the editor's height) the caret line is kept from
 * the editor's bottom edge, normally and in focus mode. */
export const CURSOR_FOCUS_RATIO = 0.15;
export const CURSOR_FOCUS_RATIO_FOCUS_MODE = 1;
