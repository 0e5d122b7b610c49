import { type EditorState, type Extension, type Range, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';

// `![alt](url "title")`: the alt text and the URL (angle brackets allowed).
const IMAGE =
  /!\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)|=(?:\d*x\d*|s\d+)))*\s*\)/g;

/** Image URLs shown in the editor: web images and images held in the page. Relative paths
 * (images of the workspace) wait for the workspace image store. */
export function isShowableImage(url: string): boolean {
  return /^(?:https?:\/\/|blob:|data:image\/(?:png|jpeg|gif|webp|svg\+xml);base64,)/i.test(url);
}

class ImageWidget extends WidgetType {
  constructor(
    readonly src: string,
    readonly alt: string,
  ) {
    super();
  }

  override eq(other: ImageWidget): boolean {
    return other.src === this.src && other.alt === this.alt;
  }

  override toDOM(view: EditorView): HTMLElement {
    const box = document.createElement('div');
    box.className = 'cm-inline-image';
    const image = document.createElement('img');
    image.src = this.src;
    image.alt = this.alt;
    image.loading = 'lazy';
    image.decoding = 'async';
    image.referrerPolicy = 'no-referrer';
    // Its height is known once it loads: CodeMirror measures the line again.
    image.addEventListener('load', () => view.requestMeasure());
    image.addEventListener('error', () => {
      box.classList.add('cm-inline-image--broken');
      view.requestMeasure();
    });
    box.append(image);
    return box;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}

// The image widgets of lines `[from, to)` of the document (positions), each below its line.
function imagesIn(state: EditorState, from: number, to: number): Range<Decoration>[] {
  const found: Range<Decoration>[] = [];
  const doc = state.doc;
  for (let pos = from; pos <= to && pos <= doc.length;) {
    const line = doc.lineAt(pos);
    IMAGE.lastIndex = 0;
    for (let match = IMAGE.exec(line.text); match; match = IMAGE.exec(line.text)) {
      const url = match[2]!;
      if (!isShowableImage(url)) continue;
      found.push(
        Decoration.widget({ widget: new ImageWidget(url, match[1]!), block: true, side: 1 }).range(
          line.to,
        ),
      );
    }
    pos = line.to + 1;
  }
  return found;
}

const inlineImageField = StateField.define<DecorationSet>({
  create: (state) => Decoration.set(imagesIn(state, 0, state.doc.length), true),
  update(images, tr) {
    if (!tr.docChanged) return images;
    // Move the others, and look again only at the lines the change touched.
    let updated = images.map(tr.changes);
    tr.changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
      const doc = tr.state.doc;
      const start = doc.lineAt(fromB).from;
      const end = doc.lineAt(Math.min(toB, doc.length)).to;
      updated = updated.update({
        filter: (from) => from < start || from > end,
        filterFrom: start,
        filterTo: end,
        add: imagesIn(tr.state, start, end),
        sort: true,
      });
    });
    return updated;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Shows the images a document links to below their lines (the `editor.inlineImages`
 * setting, spec core §2). */
export function inlineImages(): Extension {
  return inlineImageField;
}
