'use client';

import { useSyncExternalStore } from 'react';
import {
  allowFolderLabel,
  folderAccessMessage,
  folderAccessNeeded,
  subscribeFolderAccess,
} from './folder-access';
import './folder.css';

/** Above the editor while the open folder workspace may not use its folder (after a restart
 * the browser asks again): says so, and asks the browser from the user's click. */
export function FolderAccessNotice() {
  const access = useSyncExternalStore(subscribeFolderAccess, folderAccessNeeded, () => undefined);
  if (!access) return null;
  return (
    <div className="folder-access" role="region" aria-label="Folder access">
      <p>{folderAccessMessage(access.folder)}</p>
      <button
        type="button"
        className="button"
        onClick={() =>
          void access.allow().catch((error: unknown) => console.error('Access failed.', error))
        }
      >
        {allowFolderLabel(access.folder)}
      </button>
    </div>
  );
}
