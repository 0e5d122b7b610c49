// @vitest-environment jsdom
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { undo, history } from '@codemirror/commands';
import {
  type ContentItem,
  DEFAULT_WORKSPACE_IMAGE_PATH,
  type ImageBed,
  type ImageStorageChoice,
  itemIds,
  MemoryDatabase,
  NO_IMAGE_BED,
  withHash,
} from '@inkstone/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorImages } from './editor-images';
import { inlineLocalImages, LocalImages } from './local-images';

// A 1×1 PNG.
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
const png = (name = 'image.png', type = 'image/png') => new File([PNG], name, { type });
const DATE = new Date(2026, 10, 28, 10);
const TEST_BED: ImageStorageChoice = { type: 'token', providerId: 'testBed', sub: 'me' };

function setup(
  options: {
    storage?: ImageStorageChoice;
    bed?: ImageBed;
    network?: { online: boolean };
    template?: string;
  } = {},
) {
  const repo = new MemoryDatabase('images').connect();
  const notes: [string, string][] = [];
  let id = 0;
  const images = new LocalImages();
  const view = new EditorView({
    state: EditorState.create({ doc: 'Hello world', extensions: history() }),
  });
  const editorImages = new EditorImages({
    repo,
    images,
    newId: () => `id${(id += 1)}abcdef`,
    notify: (kind, message) => notes.push([kind, message]),
    maxImageSize: () => 1000,
    imagePathTemplate: () => options.template ?? DEFAULT_WORKSPACE_IMAGE_PATH,
    storage: () => options.storage,
    bedFor: (choice) => (choice.providerId === 'testBed' ? options.bed : undefined),
    currentFile: () => ({ id: 'f1', name: 'Notes', folder: 'docs' }),
    folderOf: (fileId) => (fileId === 'f2' ? 'docs' : ''),
    online: () => options.network?.online ?? true,
    now: () => DATE,
  });
  return { repo, notes, images, view, editorImages };
}

// (jsdom lays nothing out: CodeMirror's measuring of the page finds empty rectangles.)
Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

beforeEach(() => {
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => `blob:test/${(n += 1)}`,
      revokeObjectURL: () => {},
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('images in the editor', () => {
  it('inserts a placeholder at the caret at once, one undoable change, and stores the image locally', async () => {
    const { repo, view, editorImages, images, notes } = setup();
    view.dispatch({ selection: { anchor: 6 } });
    const done = editorImages.insert(view, [png()]);
    // At once, before the store or any upload answers.
    expect(view.state.doc.toString()).toBe(
      'Hello ![Uploading image.png…](/imgs/2026-11-28/image-id1abcde.png)world',
    );
    expect(images.has('imgs/2026-11-28/image-id1abcde.png')).toBe(true);
    expect(images.resolve('/imgs/2026-11-28/image-id1abcde.png')).toMatch(/^blob:/);
    await done;
    const stored = await repo.getAllImages();
    expect(stored).toEqual([
      expect.objectContaining({ path: 'imgs/2026-11-28/image-id1abcde.png', uploaded: false }),
    ]);
    expect(atob(stored[0]!.content)).toBe(String.fromCharCode(...PNG));
    // No storage chosen: the image stays local, pending, and the spec's words say so.
    expect(notes).toEqual([['error', NO_IMAGE_BED]]);
    undo(view);
    expect(view.state.doc.toString()).toBe('Hello world');
  });

  it('puts a relative template under the current file folder', async () => {
    const { repo, view, editorImages } = setup({ template: './img/{MDNAME}' });
    await editorImages.insert(view, [png('a b.png')], 0);
    expect(view.state.doc.toString()).toBe(
      '![Uploading a b.png…](./img/Notes/a-b-id1abcde.png)Hello world',
    );
    expect((await repo.getAllImages())[0]!.path).toBe('docs/img/Notes/a-b-id1abcde.png');
  });

  it('refuses a file that is not an image and one too large, keeping the text as it was', async () => {
    const { repo, view, editorImages, notes } = setup();
    await editorImages.insert(view, [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    await editorImages.insert(view, [
      new File([new Uint8Array(2000)], 'big.png', { type: 'image/png' }),
    ]);
    expect(view.state.doc.toString()).toBe('Hello world');
    expect(await repo.getAllImages()).toEqual([]);
    expect(notes).toEqual([
      ['error', 'Only image files can be inserted.'],
      [
        'error',
        'The image big.png (2 KB) is larger than the limit of 1000 B (editor.maxImageSize).',
      ],
    ]);
  });

  it('replaces the placeholder with the bed answer, even after edits around it and in other files', async () => {
    let answer: (url: string) => void = () => {};
    const bed: ImageBed = {
      upload: vi.fn(
        () => new Promise<{ url: string }>((resolve) => (answer = (url) => resolve({ url }))),
      ),
    };
    const { repo, view, editorImages, notes } = setup({ storage: TEST_BED, bed });
    const done = editorImages.insert(view, [png()], 5);
    const placeholder = '![Uploading image.png…](/imgs/2026-11-28/image-id1abcde.png)';
    // Another file holds a copy of the placeholder (the user copied it there).
    await repo.put([
      withHash<ContentItem>({
        id: itemIds.content('f2'),
        type: 'content',
        text: `Copy: ${placeholder}.`,
        properties: '',
        discussions: {},
        comments: {},
        history: [],
      }),
    ]);
    await vi.waitFor(() => expect(bed.upload).toHaveBeenCalled());
    view.dispatch({
      changes: [
        { from: 0, insert: 'Say: ' },
        { from: view.state.doc.length, insert: '!' },
      ],
    });
    answer('https://bed.example/x.png');
    await done;
    expect(view.state.doc.toString()).toBe(
      'Say: Hello![image.png](https://bed.example/x.png) world!',
    );
    const other = await repo.get<ContentItem>(itemIds.content('f2'));
    expect(other?.text).toBe('Copy: ![image.png](https://bed.example/x.png).');
    expect(notes).toEqual([]);
    expect((await repo.getAllImages())[0]!.uploaded).toBe(true);
    expect(vi.mocked(bed.upload).mock.calls[0]![0]).toMatchObject({
      name: 'image-id1abcde.png',
      mimeType: 'image/png',
    });
  });

  it('leaves a failure marker and the bed message when the upload fails, text and image kept', async () => {
    const bed: ImageBed = {
      upload: () =>
        Promise.reject(new Error('SM.MS failed to upload the image, failure information: too big')),
    };
    const { repo, view, editorImages, notes } = setup({ storage: TEST_BED, bed });
    await editorImages.insert(view, [png()], 11);
    expect(view.state.doc.toString()).toBe(
      'Hello world![Upload failed: image.png](/imgs/2026-11-28/image-id1abcde.png)',
    );
    expect(notes).toEqual([
      ['error', 'SM.MS failed to upload the image, failure information: too big'],
    ]);
    expect(await repo.getAllImages()).toHaveLength(1);
  });

  it('waits offline, then uploads the pending images one at a time 500 ms apart', async () => {
    // A clock that moves by each wait (no real or faked timers).
    let clock = 0;
    const timers = {
      set: (callback: () => void, delay: number) => {
        clock += delay;
        callback();
        return () => {};
      },
      now: () => clock,
    };
    const calls: { name: string; at: number }[] = [];
    const bed: ImageBed = {
      upload: async (file) => {
        calls.push({ name: file.name, at: clock });
        return { url: `https://bed/${file.name}` };
      },
    };
    const network = { online: false };
    const { view, editorImages, repo, notes } = setup({ storage: TEST_BED, bed, network });
    await editorImages.insert(view, [png('a.png')], 0);
    await editorImages.insert(view, [png('b.png')], 0);
    expect(calls).toEqual([]);
    expect(notes).toEqual([]);
    expect(view.state.doc.toString()).toBe(
      '![Uploading b.png…](/imgs/2026-11-28/b-id3abcde.png)![Uploading a.png…](/imgs/2026-11-28/a-id1abcde.png)Hello world',
    );
    expect(await editorImages.uploadPending(view, timers)).toBe(0);
    network.online = true;
    expect(await editorImages.uploadPending(view, timers)).toBe(2);
    expect(calls).toEqual([
      { name: 'a-id1abcde.png', at: 0 },
      { name: 'b-id3abcde.png', at: 500 },
    ]);
    expect(view.state.doc.toString()).toBe(
      '![b.png](https://bed/b-id3abcde.png)![a.png](https://bed/a-id1abcde.png)Hello world',
    );
    expect((await repo.getAllImages()).every((image) => image.uploaded)).toBe(true);
  });

  it('stops the pending run at a failure with its message; the rest wait', async () => {
    const timers = { set: (callback: () => void) => (callback(), () => {}), now: () => 0 };
    let fail = true;
    const bed: ImageBed = {
      upload: async (file) => {
        if (fail)
          throw new Error(
            'Failed to upload a image to the custom image bed, the response Body is: nope',
          );
        return { url: `https://bed/${file.name}` };
      },
    };
    const network = { online: false };
    const { view, editorImages, notes } = setup({ storage: TEST_BED, bed, network });
    await editorImages.insert(view, [png('a.png')], 0);
    network.online = true;
    expect(await editorImages.uploadPending(view, timers)).toBe(0);
    expect(notes).toEqual([
      ['error', 'Failed to upload a image to the custom image bed, the response Body is: nope'],
    ]);
    expect(view.state.doc.toString()).toContain('![Uploading a.png…]');
    fail = false;
    expect(await editorImages.uploadPending(view, timers)).toBe(1);
    expect(view.state.doc.toString()).toBe('![a.png](https://bed/a-id1abcde.png)Hello world');
  });

  it('links the workspace path when the workspace itself is the storage', async () => {
    const { view, editorImages, notes, repo } = setup({
      storage: { type: 'workspace', providerId: 'githubWorkspace' },
    });
    await editorImages.insert(view, [png()], 0);
    expect(view.state.doc.toString()).toBe(
      '![image.png](/imgs/2026-11-28/image-id1abcde.png)Hello world',
    );
    expect(notes).toEqual([]);
    // Still pending: the next sync commits it; the pending run (after a sync, back online)
    // leaves it to the sync rather than marking it uploaded.
    expect((await repo.getAllImages())[0]!.uploaded).toBe(false);
    const timers = { set: (callback: () => void) => (callback(), () => {}), now: () => 0 };
    expect(await editorImages.uploadPending(view, timers)).toBe(0);
    expect((await repo.getAllImages())[0]!.uploaded).toBe(false);
  });
});

describe('local images in exports', () => {
  it('makes the links of workspace images data URLs, leaving the rest', async () => {
    const images = new LocalImages();
    images.load([{ id: 'i', path: 'docs/imgs/a.png', content: 'iVBORw0KGgo=', uploaded: false }]);
    images.folder = 'docs';
    const text =
      '![a](imgs/a.png) ![b](/docs/imgs/a.png "t") ![web](https://x/a.png) ![gone](imgs/b.png) [link](imgs/a.png)';
    expect(await inlineLocalImages(text, images)).toBe(
      '![a](data:image/png;base64,iVBORw0KGgo=) ![b](data:image/png;base64,iVBORw0KGgo= "t") ![web](https://x/a.png) ![gone](imgs/b.png) [link](imgs/a.png)',
    );
  });
});

describe('local images in the preview', () => {
  it('shows workspace images from blob URLs, keeps their links, and revokes a removed one', () => {
    const revoked: string[] = [];
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    const images = new LocalImages();
    images.load([{ id: 'i', path: 'imgs/a.png', content: 'iVBORw0KGgo=', uploaded: false }]);
    const root = document.createElement('div');
    root.innerHTML =
      '<img alt="a" src="/imgs/a.png"><img alt="web" src="https://x/a.png"><img alt="b" src="imgs/b.png">';
    images.showIn(root);
    const [a, web, b] = [...root.querySelectorAll('img')];
    expect(a!.getAttribute('src')).toMatch(/^blob:/);
    expect(a!.getAttribute('data-workspace-src')).toBe('/imgs/a.png');
    expect(web!.getAttribute('src')).toBe('https://x/a.png');
    expect(b!.getAttribute('src')).toBe('imgs/b.png');
    // An image added later shows where its link already was.
    images.add('imgs/b.png', new Blob([PNG], { type: 'image/png' }));
    images.showIn(root);
    expect(b!.getAttribute('src')).toMatch(/^blob:/);
    const url = a!.getAttribute('src')!;
    images.remove('imgs/a.png');
    expect(revoked).toEqual([url]);
    expect(images.resolve('/imgs/a.png')).toBeUndefined();
  });
});
