// The few parts of the File System Access API a folder workspace uses, as plain structural
// types: core is built without the DOM's types, and a browser's FileSystemDirectoryHandle
// (from `showDirectoryPicker` or the origin private file system) fits them as it is.

/** A file's contents and what changes when it is written (`File`). */
export interface FolderFile {
  readonly size: number;
  /** When it was last written, in ms since the epoch. */
  readonly lastModified: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A stream writing a file's new contents, kept only once closed
 * (`FileSystemWritableFileStream`). */
export interface FolderWritable {
  write(data: Uint8Array<ArrayBuffer>): Promise<void>;
  close(): Promise<void>;
}

/** A file of the folder (`FileSystemFileHandle`). */
export interface FolderFileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<FolderFile>;
  createWritable(): Promise<FolderWritable>;
}

/** An entry of a folder, as `values()` lists it. */
export interface FolderEntry {
  readonly kind: 'file' | 'directory';
  readonly name: string;
}

/** A folder (`FileSystemDirectoryHandle`). */
export interface FolderHandle {
  readonly kind: 'directory';
  readonly name: string;
  values(): AsyncIterable<FolderEntry>;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<FolderHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FolderFileHandle>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
}

/** The DOMException name a handle rejects with when its file or folder is gone. */
export const NOT_FOUND_ERROR = 'NotFoundError';

/** Whether an error is the API's "no such file or folder". */
export const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === NOT_FOUND_ERROR;
