'use client';

import { type FileItem, type FolderItem, newItemParent } from '@inkstone/core';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { sourcesOfDrop } from '../../services/import-sources';
import { runAction } from '../../services/run-action';
import { useAppDispatch, useAppSelector } from '../../store';
import { isNarrowScreen, panelToggled } from '../../store/layout-slice';
import { useAppServices } from '../app-context';
import { Icon } from '../icon';
import { type ExplorerActions, SEARCH_PRELOAD_DELAY } from './constants';
import { ExplorerSearch } from './explorer-search';
import { ExplorerTree } from './explorer-tree';
import { ancestors, type Draft, indexTree, visibleRows } from './tree-rows';
import './explorer.css';
import { earnBadge } from '../../badges/badges';

/** The explorer side panel (spec interface §2, §4): a tree of folders and files with Trash and
 * Temp, and a search mode. */
export function Explorer() {
  const dispatch = useAppDispatch();
  const { explorer, workspace, transfer } = useAppServices();
  // What an import (of files dropped here, or chosen in Import/export) is doing, or null.
  const activity = useSyncExternalStore(
    transfer.subscribe,
    () => transfer.activity,
    () => null,
  );
  const files = useAppSelector((state) => state.workspace.files);
  const folders = useAppSelector((state) => state.workspace.folders);
  const currentFileId = useAppSelector((state) => state.workspace.currentFileId);
  const [searching, setSearching] = useState(false);
  const [selected, setSelected] = useState<string | null>(currentFileId);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);

  // The current file is selected and its folders opened (spec interface §4).
  useEffect(() => {
    if (!currentFileId) return;
    setSelected(currentFileId);
    const parents = ancestors(currentFileId, files, folders);
    setExpanded((open) =>
      parents.every((id) => open.has(id)) ? open : new Set([...open, ...parents]),
    );
    // Only when the current file changes, not on every tree change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentFileId]);

  // The texts for search are read shortly after the explorer opens, off the opening's time, so
  // that the first search need not wait for them (about 0.9 s for 5,000 files of 10,000 chars).
  useEffect(() => {
    const timer = setTimeout(() => explorer.prepareSearch(), SEARCH_PRELOAD_DELAY);
    return () => clearTimeout(timer);
  }, [explorer]);

  const index = useMemo(() => indexTree(files, folders), [files, folders]);
  const rows = useMemo(() => visibleRows(index, expanded, draft), [index, expanded, draft]);

  const toggle = useCallback((id: string, open?: boolean) => {
    setExpanded((current) => {
      const isOpen = current.has(id);
      if (open === isOpen) return current;
      const next = new Set(current);
      if (isOpen) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const actions: ExplorerActions = {
    select: setSelected,
    toggle,
    startCreate: (kind) => {
      setSearching(false);
      setRenaming(null);
      const node: FileItem | FolderItem | 'trash' | 'temp' | null =
        selected === 'trash' || selected === 'temp'
          ? selected
          : selected
            ? (files[selected] ?? folders[selected] ?? null)
            : null;
      const parentId = newItemParent(kind, node);
      if (parentId !== null) toggle(parentId, true);
      setDraft({ kind, parentId });
    },
    commitDraft: (name) => {
      const current = draft;
      setDraft(null);
      if (!current || name === '') return;
      runAction(dispatch, async () => {
        const item =
          current.kind === 'file'
            ? await explorer.createFile(name, current.parentId)
            : await explorer.createFolder(name, current.parentId);
        if (item) setSelected(item.id);
      });
    },
    cancelDraft: () => setDraft(null),
    startRename: (id) => {
      if (files[id] || folders[id]) setRenaming(id);
    },
    commitRename: (id, name) => {
      setRenaming(null);
      runAction(dispatch, () => explorer.rename(id, name));
    },
    cancelRename: () => setRenaming(null),
    remove: (id) => runAction(dispatch, () => explorer.delete(id)),
    open: (id) => {
      if (id !== currentFileId) earnBadge('switchFile');
      runAction(dispatch, () => workspace.openFile(id));
    },
    move: (id, target) => runAction(dispatch, () => explorer.move(id, target)),
    importDrop: (dataTransfer, target) => {
      if (target !== null) toggle(target, true);
      // Taken now, in the drop's handler: the browser empties the drop's data once the handler
      // returns, and an import queued behind a running one starts later. (A failure to read
      // is the queued import's to show.)
      const sources = sourcesOfDrop(dataTransfer);
      sources.catch(() => {});
      runAction(dispatch, () => transfer.import(() => sources, target));
    },
  };

  return (
    <aside
      className="explorer"
      aria-label="Explorer panel"
      aria-busy={activity !== null}
      // (Files dragged over the panel but not over its tree are refused by the app's guard,
      // refuseStrayFileDrops: the tree takes them.)
    >
      <div className="explorer__header">
        <span className="explorer__title">Explorer</span>
        <button
          type="button"
          className="icon-button"
          aria-label="New file"
          title="New file"
          onClick={() => actions.startCreate('file')}
        >
          <Icon name="plus" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="New folder"
          title="New folder"
          onClick={() => actions.startCreate('folder')}
        >
          <Icon name="folder" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Search"
          aria-pressed={searching}
          title="Search"
          onClick={() => setSearching(!searching)}
        >
          <Icon name="search" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Close explorer"
          onClick={() =>
            dispatch(panelToggled({ panel: 'showExplorer', narrow: isNarrowScreen() }))
          }
        >
          ×
        </button>
      </div>
      {searching ? (
        <ExplorerSearch />
      ) : (
        <ExplorerTree
          rows={rows}
          files={files}
          folders={folders}
          selected={selected}
          currentFileId={currentFileId}
          renaming={renaming}
          draft={draft}
          actions={actions}
        />
      )}
      {/* On screen only: the announcer says when an import starts and ends. */}
      <p className="explorer__status">{activity}</p>
    </aside>
  );
}
