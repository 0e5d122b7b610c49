// Issue 30, "images in the editor": the rules of an image pasted, dropped or chosen in the editor,
// with no DOM: which files are taken, where in the workspace the image goes, the placeholder the
// text holds meanwhile, and what it becomes once its upload answers.

import { expandImagePath, type ImagePathContext } from './image-bed.js';

/** The default of the `editor.maxImageSize` setting: 10 MB, in bytes. */
export const DEFAULT_MAX_IMAGE_SIZE = 10 * 1024 * 1024;

/** Spec interface §5: the image file input (and a paste or a drop) takes images only. */
export const NOT_AN_IMAGE = 'Only image files can be inserted.';

/** A refused image larger than the `editor.maxImageSize` setting. */
export function imageTooLarge(name: string, size: number, limit: number): string {
  return `The image ${name} (${formatBytes(size)}) is larger than the limit of ${formatBytes(limit)} (editor.maxImageSize).`;
}

/** A size as people read it: bytes, KB or MB (1024 based, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)} KB`;
  return `${trim(bytes / (1024 * 1024))} MB`;
}

const trim = (n: number) => String(Math.round(n * 10) / 10);

/** What an image file offered to the editor says of itself. */
export interface OfferedImage {
  name: string;
  type: string;
  size: number;
}

/** Why a file is not taken (the message to show), or undefined when it is. */
export function refuseImage(file: OfferedImage, maxSize: number): string | undefined {
  if (!file.type.toLowerCase().startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > maxSize) return imageTooLarge(file.name || 'image', file.size, maxSize);
  return undefined;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
  'image/avif': 'avif',
};

/**
 * The file name an image gets in the workspace: its own name made safe for a path and a link
 * (letters, digits, `.`, `_` and `-` kept, anything else `-`), with `-{unique}` before the
 * extension so that two pastes of "image.png" never take each other's place; a name without
 * extension gets the one of its type.
 */
export function imageFileName(name: string, mimeType: string, unique: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const ownExtension = dot > 0 ? base.slice(dot + 1).replace(/[^\w]/g, '') : '';
  const extension = ownExtension || EXTENSIONS[mimeType.toLowerCase()] || 'png';
  return `${stem || 'image'}-${unique}.${extension.toLowerCase()}`;
}

/** Where an inserted image goes: `link`, what the markdown link holds (as the template wrote
 * it: workspace-absolute `/imgs/…`, or relative to the current file's folder), and `path`, its
 * place in the workspace (folders from the root, no leading `/`), as the images store keeps it. */
export interface ImagePlace {
  link: string;
  path: string;
}

/**
 * The place of an image named `fileName` by the workspace image path `template` (spec interface
 * §5): an absolute template is from the workspace's root; a relative one (`./imgs`, `../imgs`,
 * `imgs`) from `folderPath`, the current file's folder (its names from the root, `''` at the
 * root).
 */
export function imagePlace(
  template: string,
  context: ImagePathContext,
  folderPath: string,
  fileName: string,
): ImagePlace {
  const folder = expandImagePath(template.trim(), context).replace(/\/+$/, '');
  const link = folder === '' ? fileName : `${folder}/${fileName}`;
  const path = link.startsWith('/')
    ? normalizePath(link)
    : normalizePath(folderPath ? `${folderPath}/${link}` : link);
  return { link, path };
}

/**
 * The workspace path a link of a file in `folderPath` points to, when it can be an image of the
 * workspace (no scheme, no `//host`): `/a/b.png` from the root, `b.png`, `./b.png`, `../b.png`
 * from the folder. Undefined for web and page URLs.
 */
export function workspacePathOf(link: string, folderPath: string): string | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(link) || link.startsWith('//') || link.startsWith('#')) {
    return undefined;
  }
  let decoded = link.split(/[?#]/)[0]!;
  try {
    decoded = decodeURI(decoded);
  } catch {
    // A link with a stray `%` is read as written.
  }
  if (decoded === '') return undefined;
  return decoded.startsWith('/')
    ? normalizePath(decoded)
    : normalizePath(folderPath ? `${folderPath}/${decoded}` : decoded);
}

// `a/./b/../c` is `a/c`; a `..` above the root stays at the root.
function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

/** The alt text of an image waiting for its upload. */
export const uploadingAlt = (name: string) => `Uploading ${name}…`;

/** The alt text of the failure marker: the image stays linked to its local copy. */
export const failedAlt = (name: string) => `Upload failed: ${name}`;

// A link destination: in angle brackets when it holds spaces or parentheses.
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

const escapeAlt = (text: string) => text.replace(/[[\]\\]/g, (c) => `\\${c}`);

/** The markdown of an image. */
export function imageMarkdown(alt: string, url: string): string {
  return `![${escapeAlt(alt)}](${destination(url)})`;
}

/** The placeholder inserted at the caret: an image of the local copy, its alt text saying that
 * it is uploading (the preview shows the image meanwhile). */
export function placeholderMarkdown(name: string, link: string): string {
  return imageMarkdown(uploadingAlt(name), link);
}

/** One replacement in a text: characters `from` to `to` become `insert`. */
export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

// A placeholder: `![Uploading {name}…]({link})`, the link maybe in angle brackets.
const PLACEHOLDER = /!\[Uploading ((?:[^\]\\\n]|\\.)*)…\]\((<[^>\n]*>|[^)\s]*)\)/g;

const unescapeAlt = (text: string) => text.replace(/\\([[\]\\])/g, '$1');

/**
 * The changes that turn every placeholder of the image at workspace path `path` in `text` (a
 * text of a file in `folderPath`: its links are read from there) into what `replacement` makes
 * of the image's name and the link as the text wrote it; none when the text holds no such
 * placeholder (the user deleted it). Only the placeholders' own characters change.
 */
export function placeholderChanges(
  text: string,
  folderPath: string,
  path: string,
  replacement: (name: string, link: string) => string,
): TextChange[] {
  const changes: TextChange[] = [];
  PLACEHOLDER.lastIndex = 0;
  for (let match = PLACEHOLDER.exec(text); match; match = PLACEHOLDER.exec(text)) {
    const written = match[2]!;
    const link = written.startsWith('<') ? written.slice(1, -1) : written;
    if (workspacePathOf(link, folderPath) !== path) continue;
    const insert = replacement(unescapeAlt(match[1]!), link);
    changes.push({ from: match.index, to: match.index + match[0].length, insert });
  }
  return changes;
}

/** The workspace paths of the images whose placeholders `text` holds. */
export function placeholderPaths(text: string, folderPath: string): string[] {
  const paths: string[] = [];
  PLACEHOLDER.lastIndex = 0;
  for (let match = PLACEHOLDER.exec(text); match; match = PLACEHOLDER.exec(text)) {
    const written = match[2]!;
    const link = written.startsWith('<') ? written.slice(1, -1) : written;
    const path = workspacePathOf(link, folderPath);
    if (path !== undefined) paths.push(path);
  }
  return paths;
}

/** `text` with `changes` (in order, not overlapping) made. */
export function applyChanges(text: string, changes: readonly TextChange[]): string {
  let result = '';
  let last = 0;
  for (const change of changes) {
    result += text.slice(last, change.from) + change.insert;
    last = change.to;
  }
  return result + text.slice(last);
}
