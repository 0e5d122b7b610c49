// Issue 30: the editor's images in the app: the EditorImages of the open workspace, read from
// the store (settings, tree, local settings), and the paste and drop of image files.

import { type EditorView } from '@codemirror/view';
import { type ImageStorageChoice } from '@inkstone/core';
import { type WorkspaceService } from '../services/workspace';
import { type AppStore } from '../store';
import { notified } from '../store/notifications-slice';
import { EditorImages, filesOf } from './editor-images';
import { imageBedFor } from './image-storages';
import { localImages } from './local-images';

/** The git workspaces, whose repository can hold the images (spec providers §3 'workspace'). */
export const GIT_WORKSPACE_PROVIDERS = [
  'githubWorkspace',
  'gitlabWorkspace',
  'giteaWorkspace',
  'giteeWorkspace',
];

/** The editor's images of the open workspace, once the editor is mounted. */
export const editorImages: { current: EditorImages | null } = { current: null };

/** Uploads the pending images of the open workspace now (the editor pane sets it): after each
 * sync and when the browser comes back online. */
export const uploadPendingImagesNow: { current: (() => Promise<number>) | null } = {
  current: null,
};

/** The chosen storage of the local settings' JSON, undefined when none or damaged. */
export function readStorageChoice(json: string): ImageStorageChoice | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as Partial<ImageStorageChoice>;
    if (typeof value.providerId !== 'string' || typeof value.type !== 'string') return undefined;
    return value as ImageStorageChoice;
  } catch {
    return undefined;
  }
}

/** The folder path (names from the root) of a file of the store's tree. */
export function folderOf(store: AppStore, fileId: string): string {
  const { files, folders } = store.getState().workspace;
  const names: string[] = [];
  let parentId = files[fileId]?.parentId ?? null;
  for (let guard = 0; parentId && guard < 1000; guard += 1) {
    const folder = folders[parentId];
    if (!folder) break;
    names.unshift(folder.name);
    parentId = folder.parentId;
  }
  return names.join('/');
}

/** The EditorImages of the open workspace. */
export function createEditorImages(store: AppStore, workspace: WorkspaceService): EditorImages {
  return new EditorImages({
    repo: workspace.repo,
    images: localImages,
    newId: () => workspace.newId(),
    notify: (kind, message) => store.dispatch(notified(kind, message)),
    maxImageSize: () => store.getState().settings.settings.editor.maxImageSize,
    imagePathTemplate: () => store.getState().localSettings.workspaceImagePath,
    storage: () => readStorageChoice(store.getState().localSettings.imageStorage),
    bedFor: imageBedFor,
    currentFile: () => {
      const id = store.getState().workspace.currentFileId;
      const file = id ? store.getState().workspace.files[id] : undefined;
      return file && id ? { id, name: file.name, folder: folderOf(store, id) } : undefined;
    },
    folderOf: (fileId) => folderOf(store, fileId),
    online: () => navigator.onLine,
    now: () => new Date(),
  });
}

/** Takes image files pasted or dropped into the editor (before CodeMirror sees them): a paste
 * or drop of images inserts them; one of other files only, with no text beside, is refused;
 * anything else (text) goes on to the editor as usual. Returns the listeners' removal. */
export function takeImagePastes(view: EditorView, images: () => EditorImages | null): () => void {
  const take = (event: ClipboardEvent | DragEvent, data: DataTransfer | null, at?: number) => {
    const handler = images();
    const { files, hasText } = filesOf(data);
    if (!handler || files.length === 0) return;
    const hasImage = files.some((file) => file.type.startsWith('image/'));
    if (!hasImage && hasText) return;
    event.preventDefault();
    event.stopPropagation();
    if (view.state.readOnly) return;
    handler
      .insert(view, files, at)
      .catch((error: unknown) => console.error('The image could not be inserted.', error));
  };
  const onPaste = (event: ClipboardEvent) => take(event, event.clipboardData);
  const onDrop = (event: DragEvent) => {
    const at = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? undefined;
    take(event, event.dataTransfer, at);
  };
  view.dom.addEventListener('paste', onPaste, true);
  view.dom.addEventListener('drop', onDrop, true);
  return () => {
    view.dom.removeEventListener('paste', onPaste, true);
    view.dom.removeEventListener('drop', onDrop, true);
  };
}
