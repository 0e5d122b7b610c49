import { type EditorView } from '@codemirror/view';

/** Where the current discussion's comment sticks (spec interface §4 "A sticky comment is top,
 * bottom or none depending on scroll position"): at the top while its words are scrolled above
 * the editor's visible part, at the bottom while below, nowhere while they are in view. */
export type StickyPlace = 'top' | 'bottom' | 'none';

/** The sticky place of the range `from`–`to` in `view`, from the lines CodeMirror shows. */
export function stickyPlace(view: EditorView, from: number, to: number): StickyPlace {
  const scroller = view.scrollDOM.getBoundingClientRect();
  const length = view.state.doc.length;
  const top = view.lineBlockAt(Math.min(from, length)).top + view.documentTop;
  const bottom = view.lineBlockAt(Math.min(to, length)).bottom + view.documentTop;
  if (bottom < scroller.top) return 'top';
  if (top > scroller.bottom) return 'bottom';
  return 'none';
}
