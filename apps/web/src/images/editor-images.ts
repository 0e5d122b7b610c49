// Issue 30: an image pasted, dropped or chosen in the Insert image dialog. A placeholder goes in
// at the caret at once, the image into the workspace's images store (shown from there in the
// preview), then up to the chosen image storage; its answer replaces the placeholder wherever
// it is, or a failure marker does.

import { EditorSelection } from '@codemirror/state';
import { type EditorView } from '@codemirror/view';
import {
  applyChanges,
  type ContentItem,
  DEFAULT_WORKSPACE_IMAGE_PATH,
  failedAlt,
  type ImageBed,
  type ImageItem,
  type ImageStorageChoice,
  imageFileName,
  imageMarkdown,
  imagePlace,
  itemIds,
  type ItemRepository,
  NO_IMAGE_BED,
  NOT_AN_IMAGE,
  placeholderChanges,
  placeholderMarkdown,
  refuseImage,
  uploadPendingImages,
  type Timers,
  withHash,
} from '@inkstone/core';
import { bytesToBase64, imageTypeOf, type LocalImages } from './local-images';

/** What an insertion needs to know of the app, read when it happens. */
export interface EditorImagesContext {
  repo: ItemRepository;
  images: LocalImages;
  newId(): string;
  notify(kind: 'error' | 'info', message: string): void;
  /** The `editor.maxImageSize` setting. */
  maxImageSize(): number;
  /** The Workspace image path template. */
  imagePathTemplate(): string;
  /** The chosen image storage, undefined when none is. */
  storage(): ImageStorageChoice | undefined;
  /** The bed of a chosen storage that is not the workspace (image-storages.ts). */
  bedFor(choice: ImageStorageChoice): ImageBed | undefined;
  /** The file the editor shows: its id, name and folder (names from the root). */
  currentFile(): { id: string; name: string; folder: string } | undefined;
  /** The folder of any file, for its texts' relative links. */
  folderOf(fileId: string): string;
  online(): boolean;
  now(): Date;
}

/** Something in a DataTransfer that may be an image. */
export type OfferedFile = File;

/** The editor's images: insertion, upload and the pending ones. */
export class EditorImages {
  private uploadingPending = false;

  constructor(private readonly context: EditorImagesContext) {}

  /**
   * Inserts `files` at the selection (or at `at`): the images among them, each a placeholder,
   * in one undoable change. A file that is not an image, or is too large, is refused with its
   * message and nothing of the text changes for it. Resolves once the images are stored and
   * their uploads have answered.
   */
  async insert(view: EditorView, files: readonly File[], at?: number): Promise<void> {
    const { context } = this;
    const file = context.currentFile();
    if (!file) return;
    const taken: { file: File; name: string; link: string; path: string }[] = [];
    const date = context.now();
    for (const offered of files) {
      const refusal = refuseImage(offered, context.maxImageSize());
      if (refusal) {
        context.notify('error', refusal);
        continue;
      }
      const fileName = imageFileName(offered.name, offered.type, context.newId().slice(0, 8));
      const place = imagePlace(
        context.imagePathTemplate() || DEFAULT_WORKSPACE_IMAGE_PATH,
        { documentName: file.name, date },
        file.folder,
        fileName,
      );
      taken.push({
        file: offered,
        name: offered.name || fileName,
        link: place.link,
        path: place.path,
      });
    }
    if (taken.length === 0) return;
    // Shown at once, from the page's copy, before the store has it.
    for (const image of taken) context.images.add(image.path, image.file);
    const markdown = taken.map((image) => placeholderMarkdown(image.name, image.link)).join('\n');
    const { from, to } = at === undefined ? view.state.selection.main : { from: at, to: at };
    view.dispatch({
      changes: { from, to, insert: markdown },
      selection: EditorSelection.cursor(from + markdown.length),
      userEvent: 'input.paste',
      scrollIntoView: true,
    });
    const stored: ImageItem[] = [];
    for (const image of taken) {
      const content = bytesToBase64(new Uint8Array(await image.file.arrayBuffer()));
      const item: ImageItem = { id: context.newId(), path: image.path, content, uploaded: false };
      await context.repo.putImage(item);
      stored.push(item);
    }
    await this.uploadNew(
      view,
      stored,
      taken.map((image) => image.name),
    );
  }

  // Uploads images just inserted, when a storage is chosen and the browser is online.
  private async uploadNew(view: EditorView, items: ImageItem[], names: string[]): Promise<void> {
    const { context } = this;
    const choice = context.storage();
    if (!choice) {
      context.notify('error', NO_IMAGE_BED);
      return;
    }
    if (choice.type === 'workspace') {
      // The image goes into the repository with the next sync: the link is its workspace path.
      for (const item of items)
        await this.replace(view, item.path, (alt, link) => imageMarkdown(alt, link));
      return;
    }
    if (!context.online()) return;
    const bed = context.bedFor(choice);
    if (!bed) {
      context.notify('error', NO_IMAGE_BED);
      return;
    }
    for (const [index, item] of items.entries()) {
      const file = {
        name: item.path.split('/').pop() ?? names[index]!,
        mimeType: imageTypeOf(item.path),
        content: item.content,
      };
      const documentName = context.currentFile()?.name ?? '';
      try {
        const answer = await bed.upload(file, { documentName, date: context.now() });
        await context.repo.putImage({
          ...item,
          uploaded: true,
          ...(answer.sha ? { sha: answer.sha } : {}),
        });
        await this.replace(view, item.path, (alt) => imageMarkdown(alt, answer.url));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        context.notify('error', message);
        await this.replace(view, item.path, (alt, link) => imageMarkdown(failedAlt(alt), link));
      }
    }
  }

  /**
   * Uploads the images still pending (offline, or no bed then) one at a time, 500 ms apart
   * (spec core §4 rule 2), replacing their placeholders; a failure stops the run with its
   * notification (the rest wait for the next time). Nothing when no bed is chosen.
   */
  async uploadPending(view: EditorView | undefined, timers: Timers): Promise<number> {
    const { context } = this;
    const choice = context.storage();
    // With the workspace itself as storage, the git sync commits them (its images step).
    if (!choice || choice.type === 'workspace' || this.uploadingPending || !context.online()) {
      return 0;
    }
    const bed = context.bedFor(choice);
    if (!bed) return 0;
    this.uploadingPending = true;
    try {
      return await uploadPendingImages(
        context.repo,
        {
          upload: async (image) => {
            const file = {
              name: image.path.split('/').pop() ?? 'image',
              mimeType: imageTypeOf(image.path),
              content: image.content,
            };
            return bed.upload(file, {
              documentName: context.currentFile()?.name ?? '',
              date: context.now(),
            });
          },
        },
        timers,
        undefined,
        (image, answer) =>
          this.replace(view, image.path, (alt, link) => imageMarkdown(alt, answer.url ?? link)),
      );
    } catch (error) {
      context.notify('error', error instanceof Error ? error.message : String(error));
      return 0;
    } finally {
      this.uploadingPending = false;
    }
  }

  /** Replaces the placeholders of the image at `path` in every file: the editor's text through
   * the editor (one change, kept in its undo history), the others in the store. */
  private async replace(
    view: EditorView | undefined,
    path: string,
    replacement: (alt: string, link: string) => string,
  ): Promise<void> {
    const { context } = this;
    const open = context.currentFile();
    if (view && open) {
      const changes = placeholderChanges(view.state.doc.toString(), open.folder, path, replacement);
      if (changes.length > 0) view.dispatch({ changes, userEvent: 'input.image' });
    }
    for (const item of await context.repo.getAll('content')) {
      const content = item as unknown as ContentItem;
      const fileId = content.id.slice(0, -'/content'.length);
      if (open && fileId === open.id && view) continue;
      const folder = context.folderOf(fileId);
      if (placeholderChanges(content.text, folder, path, replacement).length === 0) continue;
      await context.repo.update<ContentItem>(itemIds.content(fileId), (current) => {
        if (!current) return current;
        const changes = placeholderChanges(current.text, folder, path, replacement);
        return changes.length === 0
          ? current
          : withHash<ContentItem>({ ...current, text: applyChanges(current.text, changes) });
      });
    }
  }
}

/** The files of a paste or a drop: its images, and whether what it carries besides is text the
 * editor should take as usual. */
export function filesOf(data: DataTransfer | null): { files: File[]; hasText: boolean } {
  if (!data) return { files: [], hasText: false };
  const files = [...data.files];
  const hasText = data.types.includes('text/plain') || data.types.includes('text/html');
  return { files, hasText };
}

export { NOT_AN_IMAGE };
