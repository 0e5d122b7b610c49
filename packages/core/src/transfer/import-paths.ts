// Issue 24, "import many files at once": what an imported file is, by its name, and where it
// goes, by its path in the chosen folder or zip.

/** What an imported file becomes: a file of the workspace from markdown or from HTML, an image
 * of the images store, the files of a zip, or nothing (a type the app does not import). */
export type ImportKind = 'markdown' | 'html' | 'image' | 'zip' | 'unsupported';

/** Extensions read as markdown (plain text is markdown too). */
export const MARKDOWN_EXTENSIONS: readonly string[] = ['.md', '.markdown', '.txt'];
/** Extensions read as HTML and converted to markdown. */
export const HTML_EXTENSIONS: readonly string[] = ['.html', '.htm'];
/** Extensions kept as images, in the images store at their path. */
export const IMAGE_EXTENSIONS: readonly string[] = [
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.svg',
  '.avif',
  '.bmp',
];
/** The extension of an archive whose files are imported. */
export const ZIP_EXTENSION = '.zip';

/** The reason shown for a file of a type that is not imported. */
export const UNSUPPORTED_TYPE_MESSAGE = 'Not a markdown, HTML, image or zip file.';

/** What a file named `fileName` becomes when imported, by its extension (any case). */
export function importKind(fileName: string): ImportKind {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot).toLowerCase() : '';
  if (MARKDOWN_EXTENSIONS.includes(extension)) return 'markdown';
  if (HTML_EXTENSIONS.includes(extension)) return 'html';
  if (IMAGE_EXTENSIONS.includes(extension)) return 'image';
  if (extension === ZIP_EXTENSION) return 'zip';
  return 'unsupported';
}

/**
 * The folders and name of a path inside a zip or a chosen folder (`Notes/./Old//a.md` →
 * `['Notes', 'Old', 'a.md']`): '/'-separated, empty and `.` segments dropped, `..` going up
 * one level but never above the place the import goes to. Backslashes are kept: they are
 * allowed in names.
 */
export function archivePathSegments(path: string): string[] {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments;
}

// What operating systems and archivers leave beside the user's files: macOS's resource forks
// (`__MACOSX/`, `._name`) and folder settings, Windows's thumbnail caches and folder settings.
const SYSTEM_NAMES = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini', '__MACOSX']);

/** Whether a path holds nothing of the user's: files the system keeps beside theirs, which an
 * import passes over without listing them as skipped. */
export function isSystemFile(segments: readonly string[]): boolean {
  return segments.some((segment) => SYSTEM_NAMES.has(segment) || segment.startsWith('._'));
}

// Folders that tools keep beside the user's files, which do not begin with a dot.
const HIDDEN_NAMES = new Set(['node_modules']);

/** Whether a file or folder of a chosen folder or a zip is hidden from an import: its name
 * begins with a dot (`.git`, `.obsidian`, `.trash`, `.gitignore`), or it is `node_modules`.
 * A hidden folder is passed over with everything in it. */
export function isHiddenName(name: string): boolean {
  return name.startsWith('.') || HIDDEN_NAMES.has(name);
}

/**
 * The path of the first hidden file or folder (see {@link isHiddenName}) on `segments`, from
 * the segment at `from` on (`['Vault', '.obsidian', 'app.json']` → `Vault/.obsidian`), or null
 * when there is none. `from` = 1 spares what the user chose or dropped itself (the folder
 * `.notes` chosen on purpose): only what is inside it can be hidden.
 */
export function hiddenPath(segments: readonly string[], from = 0): string | null {
  for (let index = from; index < segments.length; index += 1) {
    if (isHiddenName(segments[index]!)) return segments.slice(0, index + 1).join('/');
  }
  return null;
}
