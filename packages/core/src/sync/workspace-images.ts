// Issue 30: the images step of a workspace sync whose remote holds images beside the files (a
// git workspace, "the workspace itself" as image storage). The repository's images come down
// into the images store; the store's pending images go up into the sync's commit.

import { sha1 } from '@noble/hashes/legacy.js';
import { type ContentLimit } from './content-limit.js';
import { ID_ALPHABET } from '../items/id.js';
import { utf8Bytes } from '../providers/git/bytes.js';
import { type ItemRepository } from '../db/repository.js';
import { workspacePathOf } from '../images/editor-images.js';
import { type ContentItem, type ImageItem, type Item } from '../items/types.js';
import { acknowledge, checkAborted, type SyncContext } from './sync-context.js';
import { RemoteFileUnavailableError } from './workspace-provider.js';

/** What the images step is told to do, and tells back. */
export interface WorkspaceImagesStep {
  /** The pending images go into the workspace's own repository ("the workspace itself" is the
   * chosen storage); otherwise they wait for their image bed. */
  toWorkspace: boolean;
  /** Told of the images brought down or replaced (`added`) and of those removed from the store
   * (`removed`, their paths): the preview shows the first and forgets the others. */
  onImagesChanged?: (added: ImageItem[], removed: string[]) => void;
  /** Told of an image of the remote that it will not give (too large for its API): left out
   * of the store, the sync goes on; `message` says why. */
  onImageUnavailable?: (path: string, message: string) => void;
  /** Told of an image too large for the remote: not committed, kept pending in this browser. */
  onImageTooLarge?: (image: ImageItem, limit: ContentLimit) => void;
}

/** The words said of an image too large for its repository (ADR 0006's rule, for images). */
export function imageTooLargeMessage(path: string, bytes: number, limit: ContentLimit): string {
  return `The image ${path} (${formatSize(bytes)}) is larger than ${limit.service} takes (${limit.size}): it was not synchronized, and stays in this browser.`;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** How many bytes a base64 text holds, counted without decoding it. */
export function base64ByteLength(base64: string): number {
  const clean = base64.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

/**
 * The images step of a sync (inside the sync's commit, before it is made):
 *
 * 1. every image of the repository the store lacks (or holds as an older version, uploaded and
 *    unchanged here) is brought down into the store, marked uploaded with its sha (one the
 *    remote will not give is told and left out);
 * 2. an image the last sync saw in the repository and now gone from it was deleted there: it
 *    leaves the store, unless a file here still links it — then it stays, and with the
 *    workspace as storage it is marked pending and committed again;
 * 3. with the workspace as storage, each pending image is written into the sync's commit at
 *    its path (a blob with its exact bytes) and, once committed, marked uploaded with its sha.
 *    An image larger than the remote takes is left pending and told.
 *
 * Does nothing for a remote without images (CouchDB, a drive).
 */
export async function syncWorkspaceImages(
  context: SyncContext,
  step: WorkspaceImagesStep,
): Promise<void> {
  const { provider, repository, state } = context;
  if (!provider.listImages || !provider.downloadImage || !provider.saveImage) return;
  const remote = new Map((await provider.listImages()).map((image) => [image.path, image]));
  const known = state.images ?? {};
  const local = new Map((await repository.getAllImages()).map((image) => [image.path, image]));
  const added: ImageItem[] = [];
  const removed: string[] = [];

  for (const image of remote.values()) {
    const here = local.get(image.path);
    if (here && (here.sha === image.sha || !here.uploaded)) continue;
    // Uploaded here with another sha: changed there since (or never recorded): theirs.
    if (here && known[image.path] === image.sha) continue;
    checkAborted(context);
    let content: string;
    try {
      content = await provider.downloadImage(image);
    } catch (error) {
      if (!(error instanceof RemoteFileUnavailableError)) throw error;
      step.onImageUnavailable?.(image.path, error.message);
      continue;
    }
    const item: ImageItem = {
      id: here?.id ?? derivedImageId(image.path),
      path: image.path,
      content,
      uploaded: true,
      sha: image.sha,
    };
    await repository.putImage(item);
    local.set(item.path, item);
    added.push(item);
  }

  const gone = [...local.values()].filter(
    (image) => image.uploaded && known[image.path] !== undefined && !remote.has(image.path),
  );
  if (gone.length > 0) {
    const linked = await linkedImagePaths(repository);
    for (const image of gone) {
      if (!linked.has(image.path)) {
        await repository.deleteImage(image.id);
        local.delete(image.path);
        removed.push(image.path);
      } else if (step.toWorkspace) {
        const pending = { ...image, uploaded: false };
        delete pending.sha;
        await repository.putImage(pending);
        local.set(image.path, pending);
      }
    }
  }
  state.images = Object.fromEntries([...remote.values()].map((image) => [image.path, image.sha]));
  if (added.length > 0 || removed.length > 0) step.onImagesChanged?.(added, removed);

  if (!step.toWorkspace) return;
  const limit = provider.contentLimit;
  for (const image of local.values()) {
    if (image.uploaded) continue;
    const bytes = base64ByteLength(image.content);
    if (limit && bytes > limit.bytes) {
      step.onImageTooLarge?.(image, limit);
      continue;
    }
    checkAborted(context);
    const sha = await provider.saveImage(image.path, image.content);
    await acknowledge(context, async () => {
      (state.images ??= {})[image.path] = sha;
      // Read again: an image removed meanwhile is not brought back; one replaced stays pending.
      const current = await repository.getImage(image.id);
      if (current && current.content === image.content) {
        await repository.putImage({ ...current, uploaded: true, sha });
      }
    });
  }
}

/** The id of an image brought down from a remote: made from its path, so every browser gives
 * it the same (16 base62 characters, as the app's ids). */
export function derivedImageId(path: string): string {
  const digest = sha1(utf8Bytes(`image:${path}`));
  let id = '';
  for (let i = 0; id.length < 16; i += 1) id += ID_ALPHABET[digest[i]! % ID_ALPHABET.length];
  return id;
}

// `![alt](link` of a markdown image (the link maybe in angle brackets), `[id]: link` of a
// reference, and `<img src="link">`.
const IMAGE_LINKS = [
  /!\[(?:[^\]\\\n]|\\.)*\]\(\s*(?:<([^>\n]*)>|([^)\s]+))/g,
  /^ {0,3}\[[^\]\n]+\]:\s*(?:<([^>\n]*)>|(\S+))/gm,
  /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi,
];

/** The workspace paths of the images linked by any file of the store (the trash included). */
export async function linkedImagePaths(repository: ItemRepository): Promise<Set<string>> {
  const items = new Map<string, Item>();
  for (const type of ['file', 'folder'] as const) {
    for (const item of await repository.getAll(type)) items.set(item.id, item as Item);
  }
  const linked = new Set<string>();
  for (const stored of await repository.getAll('content')) {
    const content = stored as unknown as ContentItem;
    const file = items.get(content.id.slice(0, -'/content'.length));
    const folder = file && file.type === 'file' ? folderNames(file.parentId, items) : '';
    for (const pattern of IMAGE_LINKS) {
      for (const match of content.text.matchAll(pattern)) {
        const link = match[1] ?? match[2];
        const path = link === undefined ? undefined : workspacePathOf(link, folder);
        if (path !== undefined) linked.add(path);
      }
    }
  }
  return linked;
}

// A folder's names from the root, as the app writes links from it ('' at the root or in the
// trash).
function folderNames(folderId: string | null, items: ReadonlyMap<string, Item>): string {
  const names: string[] = [];
  const seen = new Set<string>();
  for (let id = folderId; id !== null && !seen.has(id);) {
    seen.add(id);
    const folder = items.get(id);
    if (!folder || folder.type !== 'folder') break;
    names.unshift(folder.name);
    id = folder.parentId;
  }
  return names.join('/');
}
