import { type CommandName } from './registry';

/** Each command's icon: SVG path data on a 16 × 16 grid, drawn as lines. */
export const COMMAND_ICONS: Record<CommandName, string> = {
  undo: 'M5 3.5 2 6.5l3 3 M2.5 6.5h7a3.5 3.5 0 0 1 0 7H7',
  redo: 'M11 3.5l3 3-3 3 M13.5 6.5h-7a3.5 3.5 0 0 0 0 7H9',
  bold: 'M4.5 2.5h4.5a2.75 2.75 0 0 1 0 5.5H4.5z M4.5 8h5a2.75 2.75 0 0 1 0 5.5h-5z',
  italic: 'M7 2.5h5 M4 13.5h5 M9.5 2.5l-3 11',
  heading: 'M3.5 2.5v11 M12.5 2.5v11 M3.5 8h9',
  strikethrough:
    'M2 8h12 M11.5 4.5C11 3 9.8 2.5 8 2.5 5.8 2.5 4.5 3.5 4.5 5 M4.5 11.5c.5 1.5 1.8 2 3.5 2 2.2 0 3.5-1 3.5-2.5',
  unorderedList: 'M6 4h8 M6 8h8 M6 12h8 M2.5 3.5h1v1h-1z M2.5 7.5h1v1h-1z M2.5 11.5h1v1h-1z',
  orderedList: 'M6.5 4h7.5 M6.5 8h7.5 M6.5 12h7.5 M2.5 2.5h1v3 M2 10.5h2l-2 3h2',
  checkList: 'M2 2.5h3.5V6H2z M2 10h3.5v3.5H2z M7.5 4.2h6.5 M7.5 11.8h6.5 M2.7 11.7l.9.9 1.5-2',
  blockquote:
    'M3 4.5h3.5V8H3z M6.5 8c0 2.5-1.5 3.5-3 3.5 M9.5 4.5H13V8H9.5z M13 8c0 2.5-1.5 3.5-3 3.5',
  code: 'M5.5 4 2 8l3.5 4 M10.5 4 14 8l-3.5 4',
  table: 'M1.5 2.5h13v11h-13z M1.5 6h13 M1.5 9.75h13 M8 2.5v11',
  link: 'M6.5 9.5l3-3 M7 4.5l1.5-1.5a2.5 2.5 0 0 1 3.5 3.5L10.5 8 M9 11.5 7.5 13a2.5 2.5 0 0 1-3.5-3.5L5.5 8',
  image: 'M1.5 2.5h13v11h-13z M1.5 11l4-4 3 3 2-2 4 4 M10.5 5a1 1 0 1 0 .01 0z',
  // A speech bubble with a spark in it.
  chatGpt: 'M2.5 3h11v7.5h-6l-3 2.5v-2.5h-2z M8 4.8v3.4 M6.3 6.5h3.4',
  // Two lines joining into one (the command is in the editor's menu, not the toolbar).
  resolveConflicts: 'M3 2.5v3a3 3 0 0 0 3 3h1 M13 2.5v3a3 3 0 0 1-3 3H9 M8 8.5v5',
};
