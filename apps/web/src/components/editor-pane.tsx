'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_TEXT_LENGTH, type Talk } from '@inkstone/core';
import { Discussions, type EditorSelectionInfo } from '../discussions/discussions';
import { commandKeymap, resolveShortcuts } from '../editor/commands/shortcuts';
import { EditorController } from '../editor/editor-controller';
import { useConflictCount } from '../editor/use-conflict-count';
import {
  createEditorImages,
  editorImages,
  folderOf,
  takeImagePastes,
  uploadPendingImagesNow,
} from '../images/app-images';
import { localImages } from '../images/local-images';
import { browserTimers } from '../services/broadcast-signal';
import { ignore } from '../services/modals';
import { type AppStore, useAppDispatch, useAppSelector } from '../store';
import { useStore } from 'react-redux';
import { editorStatusChanged } from '../store/editor-slice';
import { notified } from '../store/notifications-slice';
import { propertiesLoaded } from '../store/workspace-slice';
import { useAppServices } from './app-context';
import { EditorContextMenu } from './editor-context-menu';
import { FindBar, type FindRequest } from './find-bar';
import { firstScreenShown } from './first-screen';
import './editor-pane.css';

const TEXT_LIMIT_MESSAGE = `A file holds at most ${MAX_TEXT_LENGTH.toLocaleString('en')} characters: this change would go past that, so it was not made.`;
const CONFLICT_MESSAGE =
  'This file was changed in two places at once: both versions are kept, between conflict markers. “Resolve conflicts” above the text shows them side by side.';

/** The editing pane: the find bar above CodeMirror on the current file. */
export function EditorPane({ hidden }: { hidden: boolean }) {
  const { workspace, document: channel, scrollSync, editor, modals } = useAppServices();
  const dispatch = useAppDispatch();
  const store = useStore() as AppStore;
  const currentFileId = useAppSelector((state) => state.workspace.currentFileId);
  const inlineImages = useAppSelector((state) => state.settings.settings.editor.inlineImages);
  const focusMode = useAppSelector((state) => state.layout.focusMode);
  const { listAutoNumber, vimMode } = useAppSelector((state) => state.settings.settings.editor);
  const shortcuts = useAppSelector((state) => state.settings.settings.shortcuts);
  const { conflicts, editable } = useAppSelector((state) => state.editor);
  const parent = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<EditorController | null>(null);
  const [findRequest, setFindRequest] = useState<FindRequest | null>(null);
  // The open file's discussions and the selection, for the comments beside the text.
  const [talk, setTalk] = useState<Talk>({ discussions: {}, comments: {} });
  const [selection, setSelection] = useState<EditorSelectionInfo | null>(null);
  // Whether the find bar is open, for the editor's Escape key.
  const findOpen = useRef(false);
  findOpen.current = findRequest !== null;

  useEffect(() => {
    const created = new EditorController(parent.current!, workspace, {
      onDocument: (event) => channel.publish(event),
      onTextLimit: () => dispatch(notified('error', TEXT_LIMIT_MESSAGE)),
      onProperties: (fileId, properties) => dispatch(propertiesLoaded({ fileId, properties })),
      onConflicts: () => dispatch(notified('info', CONFLICT_MESSAGE)),
      onError: (message) => dispatch(notified('error', message)),
      onFind: (mode, text) => setFindRequest((last) => ({ id: (last?.id ?? 0) + 1, mode, text })),
      // F3 and Ctrl/Cmd+G: the next or previous match of the open bar; with the bar closed, or
      // nothing to look for, the bar opens (and steps, if it has a text from before).
      onFindStep: (step) => {
        if (findOpen.current && created.find.step(step)) return;
        setFindRequest((last) => ({ id: (last?.id ?? 0) + 1, mode: 'find', text: '', step }));
      },
      onEscape: () => {
        if (!findOpen.current) return false;
        setFindRequest(null);
        return true;
      },
      onStatus: (status) => dispatch(editorStatusChanged(status)),
      onTalk: setTalk,
      onSelection: setSelection,
    });
    const detach = scrollSync.attachEditor(created.view);
    editor.current = created;
    setController(created);
    // Images pasted, dropped or inserted (issue 30), shown from the workspace's images store.
    const images = createEditorImages(store, workspace);
    editorImages.current = images;
    const stopPastes = takeImagePastes(created.view, () => editorImages.current);
    // Back online: the images that waited upload, 500 ms apart (spec core §4 rule 2).
    uploadPendingImagesNow.current = () => images.uploadPending(created.view, browserTimers);
    const onOnline = () => {
      images
        .uploadPending(created.view, browserTimers)
        .catch((error: unknown) => console.error(error));
    };
    window.addEventListener('online', onOnline);
    let closed = false;
    workspace.repo
      .getAllImages()
      .then((stored) => {
        if (!closed) localImages.load(stored);
      })
      .catch((error: unknown) => console.error('load current workspace image error', error));
    return () => {
      closed = true;
      stopPastes();
      window.removeEventListener('online', onOnline);
      editorImages.current = null;
      uploadPendingImagesNow.current = null;
      localImages.clear();
      detach();
      editor.current = null;
      scrollSync.attachEditor(undefined);
      created.destroy();
    };
  }, [workspace, channel, scrollSync, editor, dispatch, store]);

  useEffect(() => {
    if (!controller || !currentFileId) return;
    // Where the current file's relative image links start from.
    localImages.folder = folderOf(store, currentFileId);
    const focusedBefore = document.activeElement;
    controller
      .open(currentFileId)
      .then(() => {
        // The opened file takes the focus, unless the user has put it somewhere else meanwhile
        // (naming a new folder right after creating a file, say).
        const focused = document.activeElement;
        const moved = focused !== focusedBefore && focused !== null && focused !== document.body;
        if (!moved || controller.view.dom.contains(focused)) controller.view.focus();
        firstScreenShown();
      })
      .catch((error: unknown) => {
        firstScreenShown();
        console.error(error);
        dispatch(notified('error', error instanceof Error ? error.message : 'Unknown error.'));
      });
  }, [controller, currentFileId, dispatch, store]);

  useEffect(() => {
    controller?.setInlineImages(inlineImages);
  }, [controller, inlineImages]);

  useEffect(() => {
    controller?.setFocusMode(focusMode);
  }, [controller, focusMode]);

  // The settings that change the editor's keys and list editing.
  useEffect(() => {
    controller?.options.setKeymap(commandKeymap(resolveShortcuts(shortcuts), modals));
  }, [controller, shortcuts, modals]);

  useEffect(() => {
    controller?.options.setListAutoNumber(listAutoNumber);
  }, [controller, listAutoNumber]);

  useEffect(() => {
    controller?.options.setVimMode(vimMode).catch((error: unknown) => {
      console.error(error);
      dispatch(notified('error', 'Vim key bindings could not be loaded.'));
    });
  }, [controller, vimMode, dispatch]);

  useConflictCount(channel);

  const closeFind = useCallback(() => {
    setFindRequest(null);
    controller?.view.focus();
  }, [controller]);

  return (
    <div className="editor" hidden={hidden}>
      {controller && <FindBar find={controller.find} request={findRequest} onClose={closeFind} />}
      {controller && <EditorContextMenu view={controller.view} />}
      {controller && editable && conflicts > 0 && (
        <div className="conflict-bar">
          <span className="conflict-bar__text">
            {conflicts === 1
              ? 'This file has a conflict: two versions of the same lines.'
              : `This file has ${conflicts} conflicts: two versions of the same lines.`}
          </span>
          <button
            type="button"
            className="button conflict-bar__button"
            onClick={() => void modals.open('conflicts').catch(ignore)}
          >
            Resolve conflicts
          </button>
        </div>
      )}
      <div className="editor__view" ref={parent} />
      {controller && (
        <Discussions
          controller={controller}
          talk={talk}
          selection={selection}
          editable={editable}
        />
      )}
    </div>
  );
}
