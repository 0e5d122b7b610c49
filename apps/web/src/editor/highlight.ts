import { syntaxTree, type HighlightStyle } from '@codemirror/language';
import { type ChangeDesc, type Extension, Prec, type Range, RangeSet } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  type PluginValue,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { type Highlighter, highlightTree } from '@lezer/highlight';
import { Tree, type TreeBuffer } from '@lezer/common';

/** A stretch of the text: [from, to). */
export interface Span {
  from: number;
  to: number;
}

/** What a highlighting pass produced, and from what. */
export interface Highlighted {
  tree: Tree;
  /** The stretches highlighted (CodeMirror's visible ranges when they were built). */
  ranges: readonly Span[];
  decorations: DecorationSet;
}

/**
 * Syntax highlighting of the editor's text with `style`, as CodeMirror's `syntaxHighlighting`
 * does it, but after an edit it highlights again only what the parse built anew.
 *
 * CodeMirror's own highlighter rebuilds the marks of the whole visible text whenever the syntax
 * tree changes, which is at every keystroke: on the 250,000-character document that was about
 * 0.4 ms a keystroke in Chromium, for a few dozen lines of which one changed. After an edit the
 * markdown parser takes the old tree's blocks around the edit as they were (the same objects);
 * their marks cannot have changed, since a block's marks depend only on its own subtree and on
 * the nodes above it, which for a top-level block is the document. So the old marks are mapped
 * through the edit, the marks of every stretch not covered by such a reused block are dropped,
 * and those stretches alone are highlighted again (docs/adr/0003).
 */
export function markdownHighlighting(style: HighlightStyle): Extension {
  const plugin = ViewPlugin.fromClass(
    class implements PluginValue {
      state: Highlighted;
      private readonly marks = new MarkCache();

      constructor(view: EditorView) {
        this.state = highlightAll(syntaxTree(view.state), view.visibleRanges, style, this.marks);
      }

      update(update: ViewUpdate): void {
        const tree = syntaxTree(update.state);
        const ranges = update.view.visibleRanges;
        if (tree === this.state.tree && !update.viewportChanged && !update.docChanged) return;
        this.state = update.docChanged
          ? (highlightEdit(this.state, tree, update.changes, ranges, style, this.marks) ??
            highlightAll(tree, ranges, style, this.marks))
          : highlightAll(tree, ranges, style, this.marks);
      }

      get decorations(): DecorationSet {
        return this.state.decorations;
      }
    },
    { decorations: (value) => value.decorations },
  );
  // Above other decorations, as CodeMirror's own highlighter is.
  const extensions: Extension[] = [Prec.high(plugin)];
  if (style.module) extensions.push(EditorView.styleModule.of(style.module));
  return extensions;
}

/** One mark decoration per class string, shared by every span with it. */
export class MarkCache {
  private readonly byClass = new Map<string, Decoration>();

  get(classes: string): Decoration {
    let mark = this.byClass.get(classes);
    if (!mark) {
      mark = Decoration.mark({ class: classes });
      this.byClass.set(classes, mark);
    }
    return mark;
  }
}

/** The marks of `ranges` of the text, built from scratch. */
export function highlightAll(
  tree: Tree,
  ranges: readonly Span[],
  highlighter: Highlighter,
  marks: MarkCache,
): Highlighted {
  const found: Range<Decoration>[] = [];
  if (tree.length > 0) {
    for (const { from, to } of ranges) collectMarks(tree, highlighter, marks, from, to, found);
  }
  return { tree, ranges: copySpans(ranges), decorations: RangeSet.of(found) };
}

/**
 * The marks of `ranges` after an edit (`changes`) that turned `before.tree` into `tree`, reusing
 * the marks of every block the parse reused. Undefined when the stretches shown are not those of
 * before moved by the edit (a scroll, a viewport that grew): then everything is built again.
 */
export function highlightEdit(
  before: Highlighted,
  tree: Tree,
  changes: ChangeDesc,
  ranges: readonly Span[],
  highlighter: Highlighter,
  marks: MarkCache,
): Highlighted | undefined {
  if (!sameSpansMoved(before.ranges, ranges, changes)) return undefined;
  // Where each block of the old tree that was in view started.
  const oldStarts = new Map<Tree | TreeBuffer, number>();
  for (const { from, to } of before.ranges) {
    topLevel(before.tree, from, to, (node, start) => {
      oldStarts.set(node, start);
      return false;
    });
  }
  // The stretches of the new text in view not covered by a block taken over unchanged.
  const stale: Span[] = [];
  for (const { from, to } of ranges) {
    let at = from;
    topLevel(tree, from, to, (node, start) => {
      const old = oldStarts.get(node);
      if (old === undefined || changes.mapPos(old, 1) !== start) return false;
      const end = start + node.length;
      if (start > at) pushSpan(stale, at, Math.min(start, to));
      at = Math.max(at, Math.min(end, to));
      return true;
    });
    // Past the end of a tree that is not parsed that far yet, the old marks are kept, moved
    // (as CodeMirror does) until the parse gets there and the tree changes again.
    const parsedTo = Math.min(to, tree.length);
    if (parsedTo > at) pushSpan(stale, at, parsedTo);
  }
  let decorations = before.decorations.map(changes);
  if (stale.length > 0) {
    const fresh: Range<Decoration>[] = [];
    for (const span of stale) collectMarks(tree, highlighter, marks, span.from, span.to, fresh);
    decorations = decorations.update({
      filterFrom: stale[0]!.from,
      filterTo: stale[stale.length - 1]!.to,
      filter: (from, to) => !overlapsAny(stale, from, to),
      add: fresh,
      sort: false,
    });
  }
  return { tree, ranges: copySpans(ranges), decorations };
}

/** Calls `visit` with each node of the tree's top level that reaches into [from, to), with its
 * start, in order; when `visit` returns false for one of the anonymous nodes that group them
 * (a balanced tree of blocks), goes on with the nodes inside it. */
function topLevel(
  tree: Tree,
  from: number,
  to: number,
  visit: (node: Tree | TreeBuffer, start: number) => boolean,
): void {
  const walk = (node: Tree, offset: number): void => {
    for (let i = 0; i < node.children.length; i += 1) {
      const child = node.children[i]!;
      const start = offset + node.positions[i]!;
      if (start >= to) return;
      if (start + child.length <= from) continue;
      if (!visit(child, start) && isGroup(child)) walk(child, start);
    }
  };
  walk(tree, 0);
}

function isGroup(node: Tree | TreeBuffer): node is Tree {
  return node instanceof Tree && node.type.isAnonymous;
}

/** Adds the marks of [from, to) to `into`. Lezer's highlighter walks the document's blocks
 * from the first one up to `from`, a thousand and more in a long document: it is given a
 * document node holding only the blocks that reach into the stretch instead, which has the same
 * marks there (a block's marks depend on its subtree and on the document node above it). */
function collectMarks(
  tree: Tree,
  highlighter: Highlighter,
  marks: MarkCache,
  from: number,
  to: number,
  into: Range<Decoration>[],
): void {
  const children: (Tree | TreeBuffer)[] = [];
  const positions: number[] = [];
  topLevel(tree, from, to, (node, start) => {
    if (isGroup(node)) return false;
    children.push(node);
    positions.push(start);
    return true;
  });
  highlightTree(
    new Tree(tree.type, children, positions, tree.length, tree.propValues),
    highlighter,
    (start, end, classes) => into.push(marks.get(classes).range(start, end)),
    from,
    to,
  );
}

function sameSpansMoved(old: readonly Span[], now: readonly Span[], changes: ChangeDesc): boolean {
  if (old.length !== now.length) return false;
  return old.every((span, i) => {
    const { from, to } = now[i]!;
    const movedFrom =
      from === changes.mapPos(span.from, -1) || from === changes.mapPos(span.from, 1);
    const movedTo = to === changes.mapPos(span.to, -1) || to === changes.mapPos(span.to, 1);
    return movedFrom && movedTo;
  });
}

function pushSpan(spans: Span[], from: number, to: number): void {
  const last = spans[spans.length - 1];
  if (last && last.to >= from) last.to = Math.max(last.to, to);
  else spans.push({ from, to });
}

function overlapsAny(spans: readonly Span[], from: number, to: number): boolean {
  return spans.some((span) => from < span.to && to > span.from);
}

function copySpans(ranges: readonly Span[]): Span[] {
  return ranges.map(({ from, to }) => ({ from, to }));
}
