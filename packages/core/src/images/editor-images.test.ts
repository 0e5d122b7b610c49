import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  DEFAULT_MAX_IMAGE_SIZE,
  failedAlt,
  imageFileName,
  imageMarkdown,
  imagePlace,
  NOT_AN_IMAGE,
  placeholderChanges,
  placeholderMarkdown,
  placeholderPaths,
  refuseImage,
  workspacePathOf,
} from './editor-images.js';
import { DEFAULT_WORKSPACE_IMAGE_PATH } from './image-bed.js';

const context = { documentName: 'Notes/draft', date: new Date(2026, 10, 28, 9) };

describe('refuseImage', () => {
  it('takes an image within the limit', () => {
    expect(refuseImage({ name: 'a.png', type: 'image/png', size: 1000 }, 2000)).toBeUndefined();
  });

  it('refuses a file that is not an image, whatever its name', () => {
    expect(refuseImage({ name: 'a.png', type: 'text/plain', size: 10 }, 2000)).toBe(NOT_AN_IMAGE);
    expect(NOT_AN_IMAGE).toBe('Only image files can be inserted.');
  });

  it('refuses an image larger than the limit, saying both sizes', () => {
    expect(
      refuseImage(
        { name: 'big.jpg', type: 'image/jpeg', size: 12 * 1024 * 1024 },
        DEFAULT_MAX_IMAGE_SIZE,
      ),
    ).toBe('The image big.jpg (12 MB) is larger than the limit of 10 MB (editor.maxImageSize).');
    expect(refuseImage({ name: 'b.png', type: 'image/png', size: 1537 }, 1536)).toBe(
      'The image b.png (1.5 KB) is larger than the limit of 1.5 KB (editor.maxImageSize).',
    );
  });
});

describe('imageFileName', () => {
  it('keeps the name, made safe, with a unique part before the extension', () => {
    expect(imageFileName('My photo (1).JPG', 'image/jpeg', 'x1')).toBe('My-photo-1-x1.jpg');
    expect(imageFileName('image.png', 'image/png', 'ab')).toBe('image-ab.png');
  });

  it('names a nameless paste by its type', () => {
    expect(imageFileName('', 'image/webp', 'q')).toBe('image-q.webp');
    expect(imageFileName('shot', 'image/gif', 'q')).toBe('shot-q.gif');
  });
});

describe('imagePlace', () => {
  it('puts an absolute template at the workspace root, whatever the file folder', () => {
    expect(imagePlace(DEFAULT_WORKSPACE_IMAGE_PATH, context, 'docs/a', 'i.png')).toEqual({
      link: '/imgs/2026-11-28/i.png',
      path: 'imgs/2026-11-28/i.png',
    });
  });

  it('puts a relative template under the current file folder', () => {
    expect(imagePlace('./imgs/{MDNAME}', context, 'docs/a', 'i.png')).toEqual({
      link: './imgs/Notes-draft/i.png',
      path: 'docs/a/imgs/Notes-draft/i.png',
    });
    expect(imagePlace('../imgs/', context, 'docs/a', 'i.png')).toEqual({
      link: '../imgs/i.png',
      path: 'docs/imgs/i.png',
    });
    expect(imagePlace('imgs', context, '', 'i.png')).toEqual({
      link: 'imgs/i.png',
      path: 'imgs/i.png',
    });
  });
});

describe('workspacePathOf', () => {
  it('reads workspace links from the file folder or the root', () => {
    expect(workspacePathOf('/imgs/x.png', 'docs')).toBe('imgs/x.png');
    expect(workspacePathOf('./imgs/x%20y.png', 'docs')).toBe('docs/imgs/x y.png');
    expect(workspacePathOf('../x.png', 'docs/a')).toBe('docs/x.png');
  });

  it('leaves web and page URLs alone', () => {
    for (const url of [
      'https://a.b/x.png',
      'blob:http://a/1',
      'data:image/png;base64,AA',
      '//cdn/x.png',
      '#top',
    ]) {
      expect(workspacePathOf(url, 'docs')).toBeUndefined();
    }
  });
});

describe('placeholders', () => {
  const name = 'image.png';
  const link = '/imgs/2026-11-28/image-ab.png';
  const path = 'imgs/2026-11-28/image-ab.png';
  const placeholder = placeholderMarkdown(name, link);
  const uploaded = (alt: string) => imageMarkdown(alt, 'https://i/x.png');

  it('is an image of the local copy whose alt text says it is uploading', () => {
    expect(placeholder).toBe('![Uploading image.png…](/imgs/2026-11-28/image-ab.png)');
    expect(placeholderPaths(`a ${placeholder} b`, 'docs')).toEqual([path]);
  });

  it('becomes the answered link everywhere it is, the text around it untouched after edits', () => {
    const text = `Before ${placeholder} typed after\n\nand a copy: ${placeholder}!`;
    const changes = placeholderChanges(text, 'docs', path, uploaded);
    expect(changes).toHaveLength(2);
    expect(applyChanges(text, changes)).toBe(
      'Before ![image.png](https://i/x.png) typed after\n\nand a copy: ![image.png](https://i/x.png)!',
    );
  });

  it('finds a relative placeholder from the folder of the file that holds it', () => {
    const relative = placeholderMarkdown('a b.png', './imgs/a b-1.png');
    expect(relative).toBe('![Uploading a b.png…](<./imgs/a b-1.png>)');
    const text = `x ${relative} y`;
    expect(placeholderChanges(text, 'notes', 'notes/imgs/a b-1.png', uploaded)).toHaveLength(1);
    expect(placeholderChanges(text, 'other', 'notes/imgs/a b-1.png', uploaded)).toEqual([]);
    expect(
      applyChanges(text, placeholderChanges(text, 'notes', 'notes/imgs/a b-1.png', uploaded)),
    ).toBe('x ![a b.png](https://i/x.png) y');
  });

  it('changes nothing once the user deleted it, nor the placeholder of another image', () => {
    const other = placeholderMarkdown(name, '/imgs/2026-11-28/image-cd.png');
    expect(placeholderChanges(`text ${other} ![image.png](${link})`, '', path, uploaded)).toEqual(
      [],
    );
  });

  it('becomes a failure marker that still shows the local copy', () => {
    const text = `a ${placeholder} b`;
    const marker = (alt: string, written: string) => imageMarkdown(failedAlt(alt), written);
    expect(applyChanges(text, placeholderChanges(text, '', path, marker))).toBe(
      'a ![Upload failed: image.png](/imgs/2026-11-28/image-ab.png) b',
    );
  });

  it('puts a link with spaces in angle brackets and escapes brackets of the alt text', () => {
    expect(imageMarkdown('a [b]', 'imgs/a b.png')).toBe('![a \\[b\\]](<imgs/a b.png>)');
    const text = placeholderMarkdown('[x].png', '/i/x.png');
    expect(placeholderChanges(text, '', 'i/x.png', (alt) => alt)).toEqual([
      { from: 0, to: text.length, insert: '[x].png' },
    ]);
  });
});
