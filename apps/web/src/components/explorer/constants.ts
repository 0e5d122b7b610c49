// The explorer's sizes and delays (spec interface §9 where it names them).

/** Height of a tree row in px: rows are fixed-height so only the visible ones are rendered. */
export const ROW_HEIGHT = 26;
/** Rows rendered beyond each edge of the viewport, for smooth scrolling. */
export const OVERSCAN = 8;
/** Indent per tree level, in px (spec interface §9). */
export const EXPLORER_INDENT = 15;
/** A folder hovered during a drag opens after this delay (spec interface §9: 1 s). */
export const DRAG_AUTO_OPEN_DELAY = 1000;
/** Delay after the explorer opens before the texts for search are read, in ms. */
export const SEARCH_PRELOAD_DELAY = 1000;

/** What the explorer's tree and its header share: the selected node, the open nodes, and the
 * inline inputs. */
export interface ExplorerActions {
  select: (id: string | null) => void;
  toggle: (id: string, open?: boolean) => void;
  startCreate: (kind: 'file' | 'folder') => void;
  commitDraft: (name: string) => void;
  cancelDraft: () => void;
  startRename: (id: string) => void;
  commitRename: (id: string, name: string) => void;
  cancelRename: () => void;
  remove: (id: string) => void;
  open: (id: string) => void;
  move: (id: string, target: string | null) => void;
  /** Imports the files and folders of a drop from outside the page into `target` (a folder,
   * or null for the root). Call it in the drop's event handler. */
  importDrop: (dataTransfer: DataTransfer, target: string | null) => void;
}
