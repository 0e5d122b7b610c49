// Issue 24, "Download the workspace as a zip": the files of a workspace as plain markdown in
// their folders, with its images, zipped in slices so that a large workspace never holds the
// page still for long.

import {
  archiveLayout,
  type ContentItem,
  type FileItem,
  type FolderItem,
  type ItemRepository,
  itemIds,
} from '@inkstone/core';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { timeSlicer } from './time-slice';

/** Texts read from the local database at once. */
const READ_BATCH = 100;
/** The bytes of an image given to the zip at once. */
const IMAGE_PIECE_BYTES = 1024 * 1024;

/** Options of {@link zipWorkspace}. */
export interface ZipWorkspaceOptions {
  /** Called as the zip grows, with the entries written and the entries to write. */
  onProgress?: (done: number, total: number) => void;
  /** Lets the page run between slices; the next task by default. */
  pause?: () => Promise<void>;
}

/** What a workspace zip holds. */
export interface WorkspaceZip {
  blob: Blob;
  files: number;
  folders: number;
  images: number;
}

/**
 * Zips a workspace (see `archiveLayout` for where each part goes): every file outside the trash
 * and the temp area as `{folder path}/{name}.md` holding its text exactly (UTF-8, as stored),
 * every folder as a directory entry, every image of the images store at its path. Texts are
 * compressed (deflate); images, compressed already, are stored as they are. The work is cut in
 * slices of about 12 ms (time-slice.ts `SLICE_MS`) with a pause for the page between them.
 */
export async function zipWorkspace(
  repo: ItemRepository,
  options: ZipWorkspaceOptions = {},
): Promise<WorkspaceZip> {
  const { onProgress, pause } = options;
  const files = (await repo.getAll('file')) as FileItem[];
  const folders = (await repo.getAll('folder')) as FolderItem[];
  const images = await repo.getAllImages();
  const layout = archiveLayout(files, folders, images);
  const imagesById = new Map(images.map((image) => [image.id, image]));

  const chunks: Uint8Array[] = [];
  // (Set by the zip's callback: typed so that the checks below are not narrowed to null.)
  let failure = null as Error | null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const encoder = new TextEncoder();
  const total = layout.folders.length + layout.files.length + layout.images.length;
  let done = 0;
  const checkpoint = timeSlicer({ pause });
  const written = async () => {
    done += 1;
    if (failure) throw failure;
    await checkpoint(() => onProgress?.(done, total));
  };

  for (const path of layout.folders) {
    const entry = new ZipPassThrough(path);
    zip.add(entry);
    entry.push(new Uint8Array(0), true);
    await written();
  }
  for (let start = 0; start < layout.files.length; start += READ_BATCH) {
    const batch = layout.files.slice(start, start + READ_BATCH);
    const contents = await Promise.all(
      batch.map(({ fileId }) => repo.get<ContentItem>(itemIds.content(fileId))),
    );
    for (const [index, { path }] of batch.entries()) {
      const entry = new ZipDeflate(path, { level: 6 });
      zip.add(entry);
      entry.push(encoder.encode(contents[index]?.text ?? ''), true);
      await written();
    }
  }
  for (const { imageId, path } of layout.images) {
    const bytes = await base64Bytes(imagesById.get(imageId)?.content ?? '', checkpoint);
    const entry = new ZipPassThrough(path);
    zip.add(entry);
    // A piece at a time: the zip reckons each piece's checksum as it takes it.
    for (let start = 0; start < bytes.length || start === 0; start += IMAGE_PIECE_BYTES) {
      const end = Math.min(bytes.length, start + IMAGE_PIECE_BYTES);
      entry.push(bytes.subarray(start, end), end === bytes.length);
      if (end < bytes.length) await checkpoint();
    }
    await written();
  }
  zip.end();
  if (failure) throw failure;
  onProgress?.(total, total);
  return {
    blob: new Blob(chunks as BlobPart[], { type: 'application/zip' }),
    files: layout.files.length,
    folders: layout.folders.length,
    images: layout.images.length,
  };
}

/** The name of a workspace's zip: `{workspace name} {YYYY-MM-DD}.zip`, without the characters
 * file systems refuse in a name. */
export function workspaceZipName(workspaceName: string, date: string): string {
  const name = workspaceName
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${name || 'Workspace'} ${date}.zip`;
}

/** The bytes of a base64 text (an image of the images store), decoded a piece at a time with
 * `checkpoint` between pieces; invalid base64 gives none. */
export async function base64Bytes(
  base64: string,
  checkpoint: () => Promise<void> = () => Promise.resolve(),
): Promise<Uint8Array> {
  const text = /\s/.test(base64) ? base64.replace(/\s+/g, '') : base64;
  const pieceLength = (BASE64_PIECE_BYTES / 3) * 4;
  const pieces: Uint8Array[] = [];
  let length = 0;
  try {
    for (let start = 0; start < text.length; start += pieceLength) {
      const binary = atob(text.slice(start, start + pieceLength));
      const piece = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i += 1) piece[i] = binary.charCodeAt(i);
      pieces.push(piece);
      length += piece.length;
      await checkpoint();
    }
  } catch {
    return new Uint8Array(0);
  }
  if (pieces.length === 1) return pieces[0]!;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
}

// Bytes encoded or decoded between two checkpoints: a multiple of 3 bytes (4 characters of
// base64), so that the pieces join without padding inside; about a millisecond of work.
const BASE64_PIECE_BYTES = 3 * 0x10000;

/** The base64 text of bytes (an imported image, for the images store), encoded a piece at a
 * time with `checkpoint` between pieces, so that a large image does not hold the page still. */
export async function bytesBase64(
  bytes: Uint8Array,
  checkpoint: () => Promise<void> = () => Promise.resolve(),
): Promise<string> {
  const pieces: string[] = [];
  for (let start = 0; start < bytes.length; start += BASE64_PIECE_BYTES) {
    const end = Math.min(bytes.length, start + BASE64_PIECE_BYTES);
    let binary = '';
    // In slices: String.fromCharCode takes its arguments on the stack.
    for (let at = start; at < end; at += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(at, Math.min(end, at + 0x8000)));
    }
    pieces.push(btoa(binary));
    await checkpoint();
  }
  return pieces.join('');
}
