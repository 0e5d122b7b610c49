import { createFile, deleteFilesPermanently } from '@inkstone/core';
import { type AppServices } from '../components/app-context';
import { type AppStore } from '../store';
import { itemsChanged } from '../store/workspace-slice';
import {
  EMBED_TEMP_FILES_KEY,
  type EmbedRequest,
  keepNewestTempFiles,
  readEmbedTempFiles,
} from './embed-request';
import { EmbedMessenger, embedTarget, type FileChangeMessage } from './embed-messages';

/**
 * Starts embedded mode's file: a temporary file made from the request (its name, text and
 * properties) becomes the current one, the oldest of the temporary files embedded mode made are
 * deleted past the newest 10 (EMBED_TEMP_FILES_KEPT), and every change of its text, properties
 * or name is posted to the embedding page (debounced 25 ms), only to the request's origin.
 * Returns the messenger (its `close` is the navigation bar's Close), or undefined when no page
 * embeds this one (no parent frame, no opener).
 */
export async function startEmbedded(
  request: EmbedRequest,
  services: Pick<AppServices, 'workspace' | 'document' | 'editor'>,
  store: AppStore,
  view: Window = window,
  storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
): Promise<EmbedMessenger | undefined> {
  const { workspace, document, editor } = services;
  const file = await createFile(workspace.repo, workspace.newId, {
    name: request.fileName,
    text: request.contentText,
    properties: request.contentProperties,
    parentId: 'temp',
  });
  store.dispatch(itemsChanged({ items: [file], deletedIds: [] }));
  await workspace.openFile(file.id);

  const { keep, drop } = keepNewestTempFiles(readEmbedTempFiles(storage), {
    id: file.id,
    created: Date.now(),
  });
  try {
    storage?.setItem(EMBED_TEMP_FILES_KEY, JSON.stringify(keep));
  } catch {
    // Not remembered: older temporary files stay until the next start that can write.
  }
  if (drop.length > 0) {
    store.dispatch(itemsChanged(await deleteFilesPermanently(workspace.repo, drop)));
  }

  const target = embedTarget(view);
  if (!target) return undefined;
  const messenger = new EmbedMessenger(target, request.origin);
  const build = async (): Promise<FileChangeMessage | undefined> => {
    const state = store.getState();
    // Another file opened (from the explorer): the page's file is done with.
    if (state.workspace.currentFileId !== file.id) {
      messenger.close();
      return undefined;
    }
    // The editor not yet on this file: its first text follows as a change.
    const shown = editor.current;
    if (!shown || shown.openFileId !== file.id) return undefined;
    // Inkstone keeps a text ending with one line break (spec core §5): the page gets its text
    // without it, as it gave it (the reference did the same).
    const text = shown.text.replace(/\n$/, '');
    const yamlProperties = state.workspace.currentProperties ?? '';
    const name = state.workspace.files[file.id]?.name ?? request.fileName;
    const { renderEmbedHtml } = await import('./embed-html');
    const { html, properties } = renderEmbedHtml(
      name,
      text,
      yamlProperties,
      state.settings.settings.extensions,
    );
    return {
      type: 'fileChange',
      payload: { id: file.id, name, content: { text, properties, yamlProperties, html } },
    };
  };
  document.subscribe(() => messenger.changed(build));
  let last = { properties: store.getState().workspace.currentProperties, name: request.fileName };
  store.subscribe(() => {
    const state = store.getState();
    const now = {
      properties: state.workspace.currentProperties,
      name: state.workspace.files[file.id]?.name ?? request.fileName,
    };
    if (now.properties !== last.properties || now.name !== last.name) {
      last = now;
      messenger.changed(build);
    } else if (state.workspace.currentFileId !== file.id) messenger.changed(build);
  });
  messenger.ready();
  return messenger;
}
