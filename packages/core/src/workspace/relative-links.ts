import { type FileItem, type FolderItem } from '../items/types.js';
import { computePaths } from '../validation/paths.js';

/** Whether a link target points into the workspace: no scheme, not a `#fragment`, not
 * protocol-relative (`//host`), not absolute (`/path`). */
export function isRelativeLink(href: string): boolean {
  const target = href.trim();
  return (
    target !== '' &&
    !target.startsWith('#') &&
    !target.startsWith('/') &&
    !/^[a-z][a-z0-9+.-]*:/i.test(target)
  );
}

/** The workspace path a relative link of the file at `fromPath` points to: resolved against the
 * file's folder, `.` and `..` applied, query and fragment dropped, percent-escapes decoded.
 * Null when it climbs above the root. */
export function resolveLinkPath(fromPath: string, href: string): string | null {
  const target = href.trim().replace(/[?#].*$/, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    decoded = target;
  }
  const parts = fromPath.split('/').slice(0, -1);
  for (const part of decoded.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/** The file a relative link of file `fromId` opens: the file at the resolved path, with or
 * without its `.md` ending. Trashed and temp files are never link targets. */
export function findLinkedFile(
  files: readonly FileItem[],
  folders: readonly FolderItem[],
  fromId: string,
  href: string,
): FileItem | undefined {
  const paths = computePaths(files, folders);
  const fromPath = paths.get(fromId);
  if (fromPath === undefined || !isRelativeLink(href)) return undefined;
  const target = resolveLinkPath(fromPath, href);
  if (!target) return undefined;
  const wanted = new Set([target, `${target}.md`]);
  return files.find((file) => file.parentId !== 'trash' && wanted.has(paths.get(file.id) ?? '\0'));
}
