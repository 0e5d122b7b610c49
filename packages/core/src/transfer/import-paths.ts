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

// Folders that tools keep beside the user's notes, passed over with everything in them:
// version control (git, Mercurial, Subversion, Bazaar, Jujutsu), a note app's and editors'
// settings (Obsidian, VS Code, JetBrains), trash folders (Obsidian's `.trash`, the
// desktop's `.Trash`, `.Trashes` on a macOS volume, `$RECYCLE.BIN` on a Windows drive), what
// macOS and Windows keep at a drive's root, Syncthing's old versions, and installed packages.
// (`__MACOSX` is a system name above: passed over without a word.)
const HIDDEN_FOLDERS = new Set([
  '.git',
  '.hg',
  '.svn',
  '.bzr',
  '.jj',
  '.obsidian',
  '.vscode',
  '.idea',
  '.trash',
  '.Trash',
  '.Trashes',
  '$RECYCLE.BIN',
  '.Spotlight-V100',
  '.fseventsd',
  'System Volume Information',
  '.stversions',
  'node_modules',
]);

/** Whether a folder of a chosen folder or a zip is a tool's, not the user's (`.git`,
 * `.obsidian`, `.trash`, `node_modules`…: a fixed list, names compared exactly): an import
 * passes it over with everything in it. Any other folder is imported, `.drafts` too. */
export function isHiddenFolder(name: string): boolean {
  return HIDDEN_FOLDERS.has(name);
}

/** Whether a file of a chosen folder or a zip is a tool's, not the user's: its name begins
 * with a dot and it is nothing the import takes (`.gitignore`, `.editorconfig`, `.env`: not
 * markdown, HTML, an image or a zip), so it is passed over rather than listed as not imported.
 * A dot-named note (`.plan.md`) is imported. */
export function isHiddenFile(name: string): boolean {
  return name.startsWith('.') && importKind(name) === 'unsupported';
}

/**
 * The path of the first hidden folder (see {@link isHiddenFolder}) on `segments`, or of the
 * hidden file it ends with (see {@link isHiddenFile}), from the segment at `from` on
 * (`['Vault', '.obsidian', 'app.json']` → `Vault/.obsidian`), or null when there is none.
 * Every segment but the last is a folder; the last is a folder when `folder` is true (a
 * directory entry of a zip, a folder met in a dropped one). `from` = 1 spares what the user
 * chose or dropped itself (the folder `.git` chosen on purpose): only what is inside it can be
 * hidden.
 */
export function hiddenPath(segments: readonly string[], from = 0, folder = false): string | null {
  for (let index = from; index < segments.length; index += 1) {
    const name = segments[index]!;
    const isFolder = folder || index < segments.length - 1;
    if (isFolder ? isHiddenFolder(name) : isHiddenFile(name)) {
      return segments.slice(0, index + 1).join('/');
    }
  }
  return null;
}
