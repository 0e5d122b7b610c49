// Whether the open folder workspace may read and write its folder: the notice that asks for
// access follows this (a tiny module: the notice is part of the first screen).

/** The folder the open workspace needs access to, and how to ask for it. */
export interface FolderAccess {
  /** The folder's name, as the user picked it. */
  folder: string;
  /** Asks the browser (from a click: the browser wants the user's gesture). */
  allow(): Promise<void>;
}

let current: FolderAccess | undefined;
const listeners = new Set<() => void>();

/** The access asked for now, undefined when none is needed. */
export const folderAccessNeeded = (): FolderAccess | undefined => current;

/** Follows {@link folderAccessNeeded}. */
export function subscribeFolderAccess(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows (or, with undefined, hides) the notice asking for access. */
export function setFolderAccessNeeded(access: FolderAccess | undefined): void {
  if (current === access || (!current && !access)) return;
  current = access;
  for (const listener of listeners) listener();
}

/** The notice's words while access is needed. */
export const folderAccessMessage = (folder: string) =>
  `Inkstone may not read or write the folder “${folder}” until you allow it again (the browser asks after a restart). Your edits wait in this browser meanwhile.`;

/** The notice's button. */
export const allowFolderLabel = (folder: string) => `Allow access to the folder “${folder}”`;

/** Said when the browser refused access. */
export const folderAccessRefused = (folder: string) =>
  `Access to the folder “${folder}” was refused: nothing is written to it, and your edits are kept in this browser until you allow access.`;
