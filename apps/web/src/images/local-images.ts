// Issue 30: the images of the open workspace's images store, shown from the local copy. The
// preview (and the HTML export) ask here for a workspace path's picture: a blob URL made from the
// store, made when first asked for and revoked when the image goes or the workspace closes.

import { type ImageItem, workspacePathOf } from '@inkstone/core';

/** The bytes of a base64 text. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The base64 text of bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  avif: 'image/avif',
};

/** An image's type, from its path's extension. */
export function imageTypeOf(path: string): string {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[extension] ?? 'application/octet-stream';
}

interface Entry {
  content?: string;
  blob?: Blob;
  url?: string;
}

// The attribute keeping a preview image's link as the text wrote it, once its src is replaced.
const LINK_ATTRIBUTE = 'data-workspace-src';

/** The local images of the open workspace, by workspace path. */
export class LocalImages {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  /** The current file's folder (names from the root, '' at the root): where relative links
   * start from. */
  folder = '';

  /** Takes in every image of the store (a workspace opening). */
  load(images: readonly ImageItem[]): void {
    for (const image of images) this.set(image.path, { content: image.content });
    this.changed();
  }

  /** Images brought down or replaced by a sync: each shown from its new bytes (an older
   * picture at the same path is let go). */
  update(images: readonly ImageItem[]): void {
    for (const image of images) {
      const before = this.entries.get(image.path);
      if (before?.url) URL.revokeObjectURL(before.url);
      this.entries.set(image.path, { content: image.content });
    }
    if (images.length > 0) this.changed();
  }

  /** An image just added: shown at once from `blob`. */
  add(path: string, blob: Blob): void {
    this.set(path, { blob });
    this.changed();
  }

  /** Whether the workspace holds an image at `path`. */
  has(path: string): boolean {
    return this.entries.has(path);
  }

  /** The blob URL of the image at workspace path `path`, made now if need be. */
  urlOf(path: string): string | undefined {
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    if (!entry.url) {
      const blob =
        entry.blob ?? new Blob([base64ToBytes(entry.content ?? '')], { type: imageTypeOf(path) });
      entry.url = URL.createObjectURL(blob);
    }
    return entry.url;
  }

  /** The picture of a link of the current file: a blob URL, or undefined when the link is not
   * an image of the workspace. */
  resolve(link: string): string | undefined {
    const path = workspacePathOf(link, this.folder);
    return path === undefined ? undefined : this.urlOf(path);
  }

  /** The image's bytes as a data URL (for exports that leave the page). */
  async dataUrlOf(link: string, folder = this.folder): Promise<string | undefined> {
    const path = workspacePathOf(link, folder);
    const entry = path === undefined ? undefined : this.entries.get(path);
    if (!entry || path === undefined) return undefined;
    const content =
      entry.content ?? bytesToBase64(new Uint8Array(await (entry.blob as Blob).arrayBuffer()));
    return `data:${imageTypeOf(path)};base64,${content}`;
  }

  /** Shows the workspace's images among `root`'s: each `img` whose link is a workspace path
   * the store holds gets its blob URL (its link kept in data-workspace-src). */
  showIn(root: ParentNode): void {
    for (const image of root.querySelectorAll('img')) {
      const link = image.getAttribute(LINK_ATTRIBUTE) ?? image.getAttribute('src') ?? '';
      const url = this.resolve(link);
      if (url === undefined) continue;
      image.setAttribute(LINK_ATTRIBUTE, link);
      if (image.getAttribute('src') !== url) image.setAttribute('src', url);
    }
  }

  /** Calls `listener` when images come or go; returns its removal. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets an image, revoking its URL. */
  remove(path: string): void {
    const entry = this.entries.get(path);
    if (entry?.url) URL.revokeObjectURL(entry.url);
    this.entries.delete(path);
    this.changed();
  }

  /** Forgets every image (the workspace closes), revoking their URLs. */
  clear(): void {
    for (const entry of this.entries.values()) if (entry.url) URL.revokeObjectURL(entry.url);
    this.entries.clear();
    this.changed();
  }

  private set(path: string, entry: Entry): void {
    const before = this.entries.get(path);
    // The same image stays shown by its URL; a different one takes its place.
    if (before?.url) {
      if (entry.blob) URL.revokeObjectURL(before.url);
      else return;
    }
    this.entries.set(path, entry);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

// `![alt](link` of a markdown image, the link maybe in angle brackets.
const IMAGE_LINK = /(!\[(?:[^\]\\\n]|\\.)*\]\(\s*)(<[^>\n]*>|[^)\s]+)/g;

/** `text` with the links of its images that the workspace holds made data URLs (for the HTML,
 * PDF and pandoc exports, which leave the page: spec interface §5 lets image sources be
 * data:image). Other links are kept as they are. */
export async function inlineLocalImages(
  text: string,
  images: LocalImages,
  folder = images.folder,
): Promise<string> {
  const found = [...text.matchAll(IMAGE_LINK)];
  if (found.length === 0) return text;
  let result = '';
  let last = 0;
  for (const match of found) {
    const written = match[2]!;
    const link = written.startsWith('<') ? written.slice(1, -1) : written;
    const dataUrl = await images.dataUrlOf(link, folder);
    if (dataUrl === undefined) continue;
    const at = match.index + match[1]!.length;
    result += text.slice(last, at) + dataUrl;
    last = at + written.length;
  }
  return result + text.slice(last);
}

/** The open workspace's local images (one workspace per tab). */
export const localImages = new LocalImages();
