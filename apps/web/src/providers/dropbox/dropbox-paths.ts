import { readDropboxPath, restrictedFolder } from '@inkstone/core';

/** The product's name, which names the restricted app folder (spec providers §2). */
export const DROPBOX_PRODUCT = 'Inkstone';
/** Where a restricted account's files are, as its Dropbox shows them. */
export const DROPBOX_RESTRICTED_FOLDER = restrictedFolder(DROPBOX_PRODUCT);

/**
 * The path the account's token names for what the user typed: a restricted account's root is
 * its app folder, so the folder's shown prefix, when typed, is taken off. The rule of
 * {@link readDropboxPath} applies to what remains.
 */
export function tokenPath(typed: string, fullAccess: boolean): string {
  const path = typed.trim();
  if (!fullAccess && path.startsWith(`${DROPBOX_RESTRICTED_FOLDER}/`)) {
    return readDropboxPath(path.slice(DROPBOX_RESTRICTED_FOLDER.length));
  }
  return readDropboxPath(path);
}
