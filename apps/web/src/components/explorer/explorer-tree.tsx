'use client';

import { canMove, type FileItem, type FolderItem } from '@inkstone/core';
import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ContextMenu } from '../context-menu';
import { bringsFiles } from '../file-drags';
import { DRAG_AUTO_OPEN_DELAY, type ExplorerActions, OVERSCAN, ROW_HEIGHT } from './constants';
import { TreeRowView } from './tree-row';
import { type Draft, type TreeRow } from './tree-rows';

/** The node a drop on `row` goes into: a folder, Trash or Temp itself, else the row's parent. */
function dropTarget(row: TreeRow | undefined): string | null {
  if (!row) return null;
  return row.kind === 'file' || row.kind === 'draft' ? row.parentId : row.id;
}

/** The folder files dropped on `row` are imported into: a folder itself, a file's folder; the
 * root for Trash, Temp and what is in them, and for empty space. */
function importTarget(row: TreeRow | undefined): string | null {
  const target = dropTarget(row);
  return target === 'trash' || target === 'temp' ? null : target;
}

/** The explorer's virtualised tree (`role="tree"`): keyboard, context menu and drag and drop. */
export function ExplorerTree({
  rows,
  files,
  folders,
  selected,
  currentFileId,
  renaming,
  draft,
  actions,
}: {
  rows: TreeRow[];
  files: Record<string, FileItem>;
  folders: Record<string, FolderItem>;
  selected: string | null;
  currentFileId: string | null;
  renaming: string | null;
  draft: Draft | null;
  actions: ExplorerActions;
}) {
  const tree = useRef<HTMLDivElement>(null);
  // The first row in view: scrolling within a row renders nothing new.
  const [scrollRow, setScrollRow] = useState(0);
  const [height, setHeight] = useState(600);
  const [menu, setMenu] = useState<{ x: number; y: number; id: string | null } | null>(null);
  const [dragOver, setDragOver] = useState<string | null | undefined>(undefined);
  const dragged = useRef<string | null>(null);
  const autoOpen = useRef<{ id: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const folderMap = useMemo(() => new Map(Object.entries(folders)), [folders]);

  useLayoutEffect(() => {
    const element = tree.current;
    if (!element) return;
    setHeight(element.clientHeight);
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const selectedIndex = rows.findIndex((row) => row.id === selected);
  // The selected row is scrolled into view when the selection moves.
  useEffect(() => {
    const element = tree.current;
    if (!element || selectedIndex < 0) return;
    const top = selectedIndex * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight) {
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    }
    // Only on selection changes: scrolling by hand must not be undone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, selectedIndex < 0]);

  useEffect(() => () => clearTimeout(autoOpen.current?.timer), []);

  const first = Math.max(0, scrollRow - OVERSCAN);
  const last = Math.min(rows.length, scrollRow + Math.ceil(height / ROW_HEIGHT) + 1 + OVERSCAN);

  const item = (id: string | null) => (id ? (files[id] ?? folders[id]) : undefined);
  const allowsDrop = (target: string | null) => canMove(item(dragged.current), target, folderMap);

  const openMenu = (id: string | null, x: number, y: number) => {
    if (id) actions.select(id);
    setMenu({ x, y, id });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[selectedIndex];
    const go = (index: number) => {
      const target = rows[Math.max(0, Math.min(rows.length - 1, index))];
      if (target) actions.select(target.id);
    };
    const key = event.key;
    if ((key === 'F10' && event.shiftKey) || key === 'ContextMenu') {
      const box = tree.current?.getBoundingClientRect();
      const scrolled = tree.current?.scrollTop ?? 0;
      const top = (box?.top ?? 0) + Math.max(0, selectedIndex + 1) * ROW_HEIGHT - scrolled;
      openMenu(row?.id ?? null, (box?.left ?? 0) + 24, top);
    } else if (key === 'ArrowDown') go(selectedIndex + 1);
    else if (key === 'ArrowUp') go(selectedIndex < 0 ? 0 : selectedIndex - 1);
    else if (key === 'Home') go(0);
    else if (key === 'End') go(rows.length - 1);
    else if (key === 'ArrowRight' && row?.expanded === false) actions.toggle(row.id, true);
    else if (key === 'ArrowRight' && row?.expanded) go(selectedIndex + 1);
    else if (key === 'ArrowLeft' && row?.expanded) actions.toggle(row.id, false);
    else if (key === 'ArrowLeft' && row?.parentId) actions.select(row.parentId);
    else if (key === 'Enter' && row?.kind === 'file') actions.open(row.id);
    else if (key === 'Enter' && row) actions.toggle(row.id);
    else if (key === 'F2' && row) actions.startRename(row.id);
    else if ((key === 'Delete' || key === 'Backspace') && row && row.kind !== 'draft') {
      actions.remove(row.id);
    } else return;
    event.preventDefault();
  };

  const menuNode = menu?.id ?? null;
  const special = menuNode === 'trash' || menuNode === 'temp';

  return (
    <>
      <div
        ref={tree}
        role="tree"
        aria-label="Explorer"
        tabIndex={0}
        className={`explorer__tree${dragOver === null ? ' explorer__tree--drop' : ''}`}
        aria-activedescendant={selectedIndex >= 0 ? `explorer-node-${selected}` : undefined}
        onScroll={(event) => setScrollRow(Math.floor(event.currentTarget.scrollTop / ROW_HEIGHT))}
        onKeyDown={onKeyDown}
        onContextMenu={(event) => {
          event.preventDefault();
          openMenu(null, event.clientX, event.clientY);
        }}
        onDragOver={(event) => {
          if (dragged.current === null && bringsFiles(event.dataTransfer)) {
            event.dataTransfer.dropEffect = 'copy';
          } else if (!allowsDrop(null)) return;
          event.preventDefault();
          setDragOver(null);
        }}
        onDragLeave={(event) => {
          // Out of the tree (not into one of its rows): nothing is highlighted any more.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
            setDragOver(undefined);
          }
        }}
        onDrop={(event) => {
          event.preventDefault();
          if (dragged.current === null && bringsFiles(event.dataTransfer)) {
            actions.importDrop(event.dataTransfer, null);
          } else if (dragged.current && allowsDrop(null)) actions.move(dragged.current, null);
          setDragOver(undefined);
        }}
      >
        <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
          {rows.slice(first, last).map((row, offset) => (
            <TreeRowView
              key={row.id}
              row={row}
              top={(first + offset) * ROW_HEIGHT}
              selected={row.id === selected}
              current={row.id === currentFileId}
              dropping={
                dragOver !== undefined && dragOver === dropTarget(row) && row.kind !== 'file'
              }
              renaming={row.id === renaming}
              draftKind={row.kind === 'draft' ? draft?.kind : undefined}
              actions={actions}
              onContextMenu={(x, y) => openMenu(row.id === 'draft' ? null : row.id, x, y)}
              onDragStart={() => {
                dragged.current = row.id;
              }}
              onDragEnd={() => {
                dragged.current = null;
                setDragOver(undefined);
                clearTimeout(autoOpen.current?.timer);
                autoOpen.current = null;
              }}
              onDragOver={(dataTransfer) => {
                const files = dragged.current === null && bringsFiles(dataTransfer);
                const target = files ? importTarget(row) : dropTarget(row);
                if (files) dataTransfer.dropEffect = 'copy';
                else if (!allowsDrop(target)) return false;
                setDragOver(target);
                if (
                  row.kind !== 'file' &&
                  row.expanded === false &&
                  autoOpen.current?.id !== row.id
                ) {
                  clearTimeout(autoOpen.current?.timer);
                  const timer = setTimeout(
                    () => actions.toggle(row.id, true),
                    DRAG_AUTO_OPEN_DELAY,
                  );
                  autoOpen.current = { id: row.id, timer };
                }
                return true;
              }}
              onDrop={(dataTransfer) => {
                if (dragged.current === null && bringsFiles(dataTransfer)) {
                  actions.importDrop(dataTransfer, importTarget(row));
                } else {
                  const target = dropTarget(row);
                  if (dragged.current && allowsDrop(target)) actions.move(dragged.current, target);
                }
                setDragOver(undefined);
              }}
            />
          ))}
        </div>
      </div>
      {menu && (
        <ContextMenu
          label="Explorer actions"
          x={menu.x}
          y={menu.y}
          onClose={() => {
            setMenu(null);
            tree.current?.focus();
          }}
          entries={[
            { name: 'New file', perform: () => actions.startCreate('file') },
            { name: 'New folder', perform: () => actions.startCreate('folder') },
            {
              name: 'Rename',
              disabled: menuNode === null || special,
              perform: () => menuNode && actions.startRename(menuNode),
            },
            {
              name: 'Delete',
              disabled: menuNode === null,
              perform: () => menuNode && actions.remove(menuNode),
            },
          ]}
        />
      )}
    </>
  );
}
