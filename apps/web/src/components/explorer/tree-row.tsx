'use client';

import { EXPLORER_INDENT, type ExplorerActions, ROW_HEIGHT } from './constants';
import { Icon, type IconName } from '../icon';
import { NameInput } from './name-input';
import { type TreeRow } from './tree-rows';

const ICONS: Record<Exclude<TreeRow['kind'], 'draft'>, IconName> = {
  file: 'file',
  folder: 'folder',
  trash: 'trash',
  temp: 'temp',
};

/** One row of the explorer tree (`role="treeitem"`), placed at `top` in the scrolled list. */
export function TreeRowView({
  row,
  top,
  selected,
  current,
  dropping,
  renaming,
  draftKind,
  actions,
  onContextMenu,
  onDragStart,
  onDragEnd,
  onDragOver,
  onDrop,
}: {
  row: TreeRow;
  top: number;
  selected: boolean;
  current: boolean;
  dropping: boolean;
  renaming: boolean;
  draftKind: 'file' | 'folder' | undefined;
  actions: ExplorerActions;
  onContextMenu: (x: number, y: number) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDragOver: (dataTransfer: DataTransfer) => boolean;
  onDrop: (dataTransfer: DataTransfer) => void;
}) {
  const noDrag = row.kind === 'trash' || row.kind === 'temp' || row.kind === 'draft' || renaming;
  let label: React.ReactNode = row.name;
  if (row.kind === 'draft') {
    label = (
      <NameInput
        initial=""
        onSubmit={(name) => actions.commitDraft(name)}
        onCancel={() => actions.cancelDraft()}
      />
    );
  } else if (renaming) {
    label = (
      <NameInput
        initial={row.name}
        onSubmit={(name) => actions.commitRename(row.id, name)}
        onCancel={() => actions.cancelRename()}
      />
    );
  }
  return (
    <div
      id={`explorer-node-${row.id}`}
      role="treeitem"
      aria-level={row.level}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-selected={selected}
      aria-expanded={row.expanded}
      aria-current={current ? 'page' : undefined}
      aria-label={row.kind === 'draft' ? `New ${draftKind ?? 'file'}` : undefined}
      className={`explorer__row${selected ? ' explorer__row--selected' : ''}${dropping ? ' explorer__row--drop' : ''}`}
      style={{ top, height: ROW_HEIGHT, paddingLeft: 6 + (row.level - 1) * EXPLORER_INDENT }}
      draggable={!noDrag}
      onClick={() => {
        if (row.kind === 'draft') return;
        actions.select(row.id);
        if (row.kind === 'file') actions.open(row.id);
        else actions.toggle(row.id);
      }}
      onContextMenu={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onContextMenu(event.clientX, event.clientY);
      }}
      onDragStart={(event) => {
        if (noDrag) return;
        event.stopPropagation();
        event.dataTransfer.setData('text/plain', row.name);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={(event) => {
        event.stopPropagation();
        if (onDragOver(event.dataTransfer)) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onDrop(event.dataTransfer);
      }}
    >
      <span className="explorer__icon" aria-hidden="true">
        <Icon name={row.kind === 'draft' ? (draftKind ?? 'file') : ICONS[row.kind]} />
      </span>
      <span className="explorer__name">{label}</span>
    </div>
  );
}
