import { EditorView } from '@codemirror/view';
import { PreviewAnchors } from './anchors';
import { type ShownSection } from './section-patcher';

/** Where the preview's sections are: each with its first source line and element. */
export interface SectionSource {
  readonly sections: readonly ShownSection[];
}

/** Scroll sync timings of spec interface §4 and §9: the other pane glides there in 100 ms; it
 * follows a user's scroll after 50 ms, and re-aligns 500 ms after the preview changed. */
export const SCROLL_ANIMATION_MS = 100;
export const SCROLL_FOLLOW_DELAY_MS = 50;
export const SCROLL_AFTER_RENDER_DELAY_MS = 500;

/** The longest stretch a glide covers, as a share of the pane's height: a pane further away
 * jumps to that distance from its target, then glides the rest. A glide through a long preview
 * had the browser lay out, frame after frame, parts of it shown for one frame only (after a
 * 250k paste, three frames of 2,000–2,600 elements each: docs/adr/0003, "The glide after a
 * paste"). */
export const GLIDE_MAX_SHARE = 0.5;

/** One of the two panes. */
export type Pane = 'editor' | 'preview';

/** Events by which the user drives a pane's scrolling: a pane becomes the leader when the user
 * acts on it, and only the leader's scrolling moves the other pane. Scrolling the follower (by
 * sync, or by the editor re-measuring its lines) never moves the leader back. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'mousedown', 'keydown'] as const;

/** Keeps the editor and the preview showing the same part of the document, by source line: the
 * preview's blocks carry the line they come from (data-line). */
export class ScrollSync {
  enabled = true;
  private editor: EditorView | undefined;
  private preview: HTMLElement | undefined;
  private source: SectionSource | undefined;
  private readonly anchors = new PreviewAnchors(() => this.source?.sections ?? []);
  private timer: number | undefined;
  private animation: number | undefined;
  private leader: Pane = 'editor';

  /** Follows an editor view (undefined: none). Returns a function that stops following it. */
  attachEditor(view: EditorView | undefined): () => void {
    this.editor = view;
    return view ? this.listen(view.scrollDOM, 'editor') : () => {};
  }

  /** Follows the preview's scrolling element and its sections (undefined: none). */
  attachPreview(scroller: HTMLElement | undefined, source: SectionSource | undefined): () => void {
    this.preview = scroller;
    this.source = source;
    this.anchors.forget();
    return scroller ? this.listen(scroller, 'preview') : () => {};
  }

  private listen(element: HTMLElement, pane: Pane): () => void {
    const lead = () => {
      if (this.leader !== pane) this.stopAnimation();
      this.leader = pane;
    };
    const scrolled = () => {
      if (this.leader === pane) this.schedule(SCROLL_FOLLOW_DELAY_MS);
    };
    for (const type of USER_SCROLL_EVENTS) {
      element.addEventListener(type, lead, { passive: true, capture: true });
    }
    element.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      for (const type of USER_SCROLL_EVENTS) {
        element.removeEventListener(type, lead, { capture: true });
      }
      element.removeEventListener('scroll', scrolled);
    };
  }

  /** Scrolls the preview to the element with `id` (a heading), and the editor after it. */
  revealInPreview(id: string): void {
    const target = this.preview?.querySelector(`#${CSS.escape(id)}`);
    if (!this.preview || !target) return;
    window.clearTimeout(this.timer);
    this.stopAnimation();
    this.leader = 'preview';
    target.scrollIntoView({ block: 'start' });
    this.schedule(SCROLL_FOLLOW_DELAY_MS);
  }

  /** The preview's content changed: its blocks moved. */
  previewChanged(): void {
    this.anchors.forget();
    this.schedule(SCROLL_AFTER_RENDER_DELAY_MS);
  }

  private schedule(delay: number): void {
    window.clearTimeout(this.timer);
    if (!this.enabled) return;
    this.timer = window.setTimeout(() => this.sync(), delay);
  }

  private sync(): void {
    const editor = this.editor;
    const preview = this.preview;
    if (!this.enabled || !editor || !preview || preview.clientHeight === 0) return;
    if (this.leader === 'editor') {
      const line = this.editorTopLine(editor);
      this.animate(preview, this.previewTopFor(preview, line), () => this.settle(preview, line));
    } else {
      const line = this.previewTopLine(preview);
      // CodeMirror only estimates the height of lines it has not drawn: once the glide ends
      // near them, it puts the line exactly at the top.
      this.animate(editor.scrollDOM, this.editorTopFor(editor, line), () => {
        const doc = editor.state.doc;
        const pos = doc.line(Math.min(doc.lines, Math.floor(line) + 1)).from;
        editor.dispatch({ effects: EditorView.scrollIntoView(pos, { y: 'start', yMargin: 0 }) });
      });
    }
  }

  // Sections of the preview off screen are laid out at an estimated height (content-visibility)
  // until they come near the viewport: once the glide ends, the sections around it get their real
  // height, so the target is measured again a few frames running until it stays put.
  private settle(preview: HTMLElement, line: number, frames = 4): void {
    this.animation = requestAnimationFrame(() => {
      this.animation = undefined;
      if (this.leader !== 'editor' || !this.enabled) return;
      const to = this.previewTopFor(preview, line);
      if (Math.abs(to - preview.scrollTop) < 1 || frames <= 1) return;
      preview.scrollTop = to;
      this.settle(preview, line, frames - 1);
    });
  }

  // The source line (0-based, fractional) at the top of the editor's viewport.
  private editorTopLine(view: EditorView): number {
    const height = view.scrollDOM.getBoundingClientRect().top - view.documentTop;
    const block = view.lineBlockAtHeight(Math.max(0, height));
    const line = view.state.doc.lineAt(block.from).number - 1;
    return line + Math.max(0, Math.min(1, (height - block.top) / Math.max(1, block.height)));
  }

  private editorTopFor(view: EditorView, line: number): number {
    const doc = view.state.doc;
    const whole = Math.min(doc.lines, Math.floor(line) + 1);
    const block = view.lineBlockAt(doc.line(whole).from);
    const documentOffset = view.documentTop - view.scrollDOM.getBoundingClientRect().top;
    return view.scrollDOM.scrollTop + documentOffset + block.top + (line % 1) * block.height;
  }

  private previewTopFor(scroller: HTMLElement, line: number): number {
    const around = this.anchors.aroundLine(line);
    if (!around) return 0;
    const { before, after } = around;
    const top = this.offsetIn(scroller, before.element);
    if (!after || after.line <= before.line) return top;
    const next = this.offsetIn(scroller, after.element);
    return top + ((line - before.line) / (after.line - before.line)) * (next - top);
  }

  private previewTopLine(scroller: HTMLElement): number {
    const top = scroller.scrollTop;
    const around = this.anchors.aroundOffset(top, (element) => this.offsetIn(scroller, element));
    if (!around) return 0;
    const { before, after } = around;
    if (!after) return before.line;
    const start = this.offsetIn(scroller, before.element);
    const end = this.offsetIn(scroller, after.element);
    return before.line + ((top - start) / Math.max(1, end - start)) * (after.line - before.line);
  }

  private offsetIn(scroller: HTMLElement, element: HTMLElement): number {
    return (
      element.getBoundingClientRect().top -
      scroller.getBoundingClientRect().top +
      scroller.scrollTop
    );
  }

  private stopAnimation(): void {
    if (this.animation !== undefined) cancelAnimationFrame(this.animation);
    this.animation = undefined;
  }

  private animate(target: HTMLElement, to: number, done?: () => void): void {
    this.stopAnimation();
    const from = glideStart(target.scrollTop, to, target.clientHeight);
    const distance = to - from;
    if (Math.abs(to - target.scrollTop) < 1) return;
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / SCROLL_ANIMATION_MS);
      const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      target.scrollTop = from + distance * eased;
      this.animation = t < 1 ? requestAnimationFrame(step) : undefined;
      if (t >= 1) done?.();
    };
    this.animation = requestAnimationFrame(step);
  }
}

/** Where a glide from `scrollTop` to `to` in a pane `height` tall starts: where it is, or, when
 * that is further than GLIDE_MAX_SHARE of the pane, that far from `to` on the same side (the
 * pane jumps there first). */
export function glideStart(scrollTop: number, to: number, height: number): number {
  const longest = Math.max(1, height * GLIDE_MAX_SHARE);
  if (Math.abs(to - scrollTop) <= longest) return scrollTop;
  return to - Math.sign(to - scrollTop) * longest;
}
