// A folder held in memory with the File System Access API's shapes and errors (core has no
// browser; the e2e test drives a real FileSystemDirectoryHandle in Chromium): a file's write
// goes to a swap copy kept only on close(), each write moves its lastModified, a missing entry
// rejects with a NotFoundError, an entry of the other kind with a TypeMismatchError, removing
// a folder that has entries without `recursive` with an InvalidModificationError.
import {
  type FolderEntry,
  type FolderFile,
  type FolderFileHandle,
  type FolderHandle,
  type FolderWritable,
} from '../providers/folder/directory-handle.js';

class DomError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

interface MemoryFileData {
  bytes: Uint8Array;
  lastModified: number;
}

type Node = { kind: 'file'; data: MemoryFileData } | { kind: 'directory'; folder: MemoryFolder };

// The clock of every write: strictly increasing, as the tests never wait.
let clock = 1_700_000_000_000;

class MemoryFileHandle implements FolderFileHandle {
  readonly kind = 'file';
  constructor(
    readonly name: string,
    private readonly data: MemoryFileData,
  ) {}

  getFile(): Promise<FolderFile> {
    const bytes = this.data.bytes.slice();
    return Promise.resolve({
      size: bytes.length,
      lastModified: this.data.lastModified,
      arrayBuffer: () => Promise.resolve(bytes.buffer),
    });
  }

  createWritable(): Promise<FolderWritable> {
    const chunks: Uint8Array[] = [];
    let closed = false;
    return Promise.resolve({
      write: (data) => {
        if (closed) return Promise.reject(new TypeError('The stream is closed.'));
        chunks.push(data.slice());
        return Promise.resolve();
      },
      close: () => {
        closed = true;
        const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
        const bytes = new Uint8Array(size);
        let at = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, at);
          at += chunk.length;
        }
        this.data.bytes = bytes;
        this.data.lastModified = clock += 1;
        return Promise.resolve();
      },
    });
  }
}

/** A folder in memory, as a FileSystemDirectoryHandle behaves, with helpers for the "other
 * tool" of the tests (write, read, remove by path). */
export class MemoryFolder implements FolderHandle {
  readonly kind = 'directory';
  private readonly entries = new Map<string, Node>();
  // Removed from its parent: every call rejects, as a handle to a deleted folder does.
  private gone = false;

  constructor(readonly name = 'Notes') {}

  async *values(): AsyncIterable<FolderEntry> {
    if (this.gone) throw new DomError('NotFoundError', `${this.name} is gone.`);
    for (const [name, node] of [...this.entries]) {
      await Promise.resolve();
      yield { kind: node.kind, name };
    }
  }

  getDirectoryHandle(name: string, options: { create?: boolean } = {}): Promise<FolderHandle> {
    const node = this.entries.get(name);
    if (node?.kind === 'directory') return Promise.resolve(node.folder);
    if (node) return Promise.reject(new DomError('TypeMismatchError', `${name} is a file.`));
    if (!options.create) return Promise.reject(new DomError('NotFoundError', `No ${name}.`));
    const folder = new MemoryFolder(name);
    this.entries.set(name, { kind: 'directory', folder });
    return Promise.resolve(folder);
  }

  getFileHandle(name: string, options: { create?: boolean } = {}): Promise<FolderFileHandle> {
    const node = this.entries.get(name);
    if (node?.kind === 'file') return Promise.resolve(new MemoryFileHandle(name, node.data));
    if (node) return Promise.reject(new DomError('TypeMismatchError', `${name} is a folder.`));
    if (!options.create) return Promise.reject(new DomError('NotFoundError', `No ${name}.`));
    const data = { bytes: new Uint8Array(), lastModified: (clock += 1) };
    this.entries.set(name, { kind: 'file', data });
    return Promise.resolve(new MemoryFileHandle(name, data));
  }

  removeEntry(name: string, options: { recursive?: boolean } = {}): Promise<void> {
    const node = this.entries.get(name);
    if (!node) return Promise.reject(new DomError('NotFoundError', `No ${name}.`));
    if (node.kind === 'directory' && node.folder.entries.size > 0 && !options.recursive) {
      return Promise.reject(new DomError('InvalidModificationError', `${name} is not empty.`));
    }
    this.entries.delete(name);
    if (node.kind === 'directory') node.folder.gone = true;
    return Promise.resolve();
  }

  /** Writes a file as another tool would (its folders made as needed). */
  write(path: string, text: string): void {
    const names = path.split('/');
    const folder = names.slice(0, -1).reduce<MemoryFolder>((parent, name) => {
      const node = parent.entries.get(name);
      if (node?.kind === 'directory') return node.folder;
      const made = new MemoryFolder(name);
      parent.entries.set(name, { kind: 'directory', folder: made });
      return made;
    }, this);
    folder.entries.set(names.at(-1)!, {
      kind: 'file',
      data: { bytes: new TextEncoder().encode(text), lastModified: (clock += 1) },
    });
  }

  /** A file's text, undefined when there is none at `path`. */
  read(path: string): string | undefined {
    const node = this.node(path);
    return node?.kind === 'file' ? new TextDecoder().decode(node.data.bytes) : undefined;
  }

  /** Removes a file or a folder, as another tool would. */
  remove(path: string): void {
    const slash = path.lastIndexOf('/');
    const parent = slash < 0 ? this : this.node(path.slice(0, slash));
    const folder =
      parent instanceof MemoryFolder
        ? parent
        : parent?.kind === 'directory'
          ? parent.folder
          : undefined;
    const node = folder?.entries.get(path.slice(slash + 1));
    if (node?.kind === 'directory') node.folder.gone = true;
    folder?.entries.delete(path.slice(slash + 1));
  }

  /** Every file's path, sorted; `folders` adds each folder's path with a trailing slash. */
  paths(folders = false): string[] {
    const out: string[] = [];
    const walk = (folder: MemoryFolder, prefix: string) => {
      for (const [name, node] of folder.entries) {
        if (node.kind === 'file') out.push(prefix + name);
        else {
          if (folders) out.push(`${prefix}${name}/`);
          walk(node.folder, `${prefix}${name}/`);
        }
      }
    };
    walk(this, '');
    return out.sort();
  }

  private node(path: string): Node | undefined {
    let node: Node | undefined = { kind: 'directory', folder: this };
    for (const name of path.split('/')) {
      if (node?.kind !== 'directory') return undefined;
      node = node.folder.entries.get(name);
    }
    return node;
  }
}
