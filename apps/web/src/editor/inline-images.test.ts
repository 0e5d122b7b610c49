// @vitest-environment jsdom
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { inlineImages, isShowableImage } from './inline-images';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const images = (view: EditorView) =>
  [...view.dom.querySelectorAll<HTMLImageElement>('.cm-inline-image img')].map((img) => [
    img.alt,
    img.getAttribute('src'),
  ]);

describe('inline images in the editor', () => {
  it('shows web and embedded images below their lines, not relative or script URLs', () => {
    const doc = `Text ![logo](${PNG}) more\n![web](https://example.org/a.png "Title")\n![rel](imgs/a.png)\n![bad](javascript:alert(1))\n`;
    const view = new EditorView({ state: EditorState.create({ doc, extensions: inlineImages() }) });
    expect(images(view)).toEqual([
      ['logo', PNG],
      ['web', 'https://example.org/a.png'],
    ]);
    expect(isShowableImage('javascript:alert(1)')).toBe(false);
    view.destroy();
  });

  it('shows images with a size, as the image dialog writes them', () => {
    const doc = `![sized](${PNG} =s320 "T")\n![both](https://example.org/b.png =10x20)\n`;
    const view = new EditorView({ state: EditorState.create({ doc, extensions: inlineImages() }) });
    expect(images(view)).toEqual([
      ['sized', PNG],
      ['both', 'https://example.org/b.png'],
    ]);
    view.destroy();
  });

  it('follows edits: new images appear, removed ones go', () => {
    const view = new EditorView({
      state: EditorState.create({ doc: 'One\nTwo\n', extensions: inlineImages() }),
    });
    view.dispatch({ changes: { from: 4, insert: `![new](${PNG}) ` } });
    expect(images(view)).toEqual([['new', PNG]]);
    view.dispatch({ changes: { from: 4, to: 4 + `![new](${PNG}) `.length } });
    expect(images(view)).toEqual([]);
    view.destroy();
  });
});
