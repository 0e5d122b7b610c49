// Issue 33, "move in from StackEdit": the zip backup of StackEdit's fork StackEdit+ (Workspace
// backups → Export workspace, with images: "StackEdit workspace.zip"). It holds
// `workspace.json` (the JSON backup), `images.json` (each image: its path in the workspace and
// the file holding it, `images/{id}.{ext}`), those files, and `missing-images.json` when some
// could not be exported.

import { type ImportEntry } from '@inkstone/core';
import { unzip, type Unzipped } from 'fflate';
import { decodeUtf8 } from './file-transfer';
import { bytesBase64 } from './workspace-zip';

/** The reason shown for an image that images.json lists and the zip does not hold. */
export const MISSING_FROM_ZIP = 'Listed in images.json, missing from the zip.';

/** What a StackEdit zip backup holds: its JSON backup, and its images as entries to import at
 * their paths in the workspace. */
export interface StackeditZip {
  workspaceJson: string;
  images: ImportEntry[];
}

const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;

/** Reads a StackEdit zip backup; undefined when `bytes` are not a zip holding a
 * `workspace.json`. */
export async function readStackeditZip(bytes: Uint8Array): Promise<StackeditZip | undefined> {
  if (!isZip(bytes)) return undefined;
  let files: Unzipped;
  try {
    files = await new Promise<Unzipped>((resolve, reject) =>
      unzip(bytes, (error, unzipped) => (error ? reject(error) : resolve(unzipped))),
    );
  } catch {
    return undefined;
  }
  const workspace = files['workspace.json'];
  if (!workspace) return undefined;
  let listed: unknown;
  try {
    const list = files['images.json'];
    listed = list ? JSON.parse(decodeUtf8(list)) : [];
  } catch {
    listed = [];
  }
  const images: ImportEntry[] = [];
  for (const image of Array.isArray(listed) ? listed : []) {
    if (typeof image !== 'object' || image === null) continue;
    const { path, file } = image as { path?: unknown; file?: unknown };
    if (typeof path !== 'string' || typeof file !== 'string') continue;
    // StackEdit keeps a space of the path as %20: the image goes where its file name says.
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // (Kept as it is.)
    }
    const at = decoded.replace(/^\/+/, '');
    const data = files[file];
    images.push(
      data
        ? { kind: 'image', path: at, label: at, read: () => bytesBase64(data) }
        : { kind: 'skipped', label: at, reason: MISSING_FROM_ZIP },
    );
  }
  return { workspaceJson: decodeUtf8(workspace), images };
}
