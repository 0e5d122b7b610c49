import { type GitCommitMessages } from '../git/commit-message.js';
import {
  GitWorkspaceProvider,
  type GitWorkspaceProviderOptions,
} from '../git/git-workspace-provider.js';
import { type FolderHandle } from './directory-handle.js';
import { FolderPort, type FolderRecordStore } from './folder-port.js';

/** The provider id of a workspace kept in a folder on the user's disk. */
export const FOLDER_WORKSPACE_PROVIDER_ID = 'folderWorkspace';

/** What a folder workspace needs. */
export interface FolderWorkspaceOptions {
  /** The folder, as the browser's directory picker gave it (with read and write permission). */
  folder: FolderHandle;
  /** Keeps the folder's last listings between sessions (the workspace's local storage). */
  store?: FolderRecordStore;
  /** Commit message templates (unused on disk; kept for the same shape as the forges'). */
  messages?: GitCommitMessages;
  /** Asked what to do with a folder in StackEdit's layout (issue 33), as a forge's is. */
  onStackeditLayout?: GitWorkspaceProviderOptions['onStackeditLayout'];
  /** 'keep': synced in StackEdit's layout (issue 33). */
  stackeditLayout?: GitWorkspaceProviderOptions['stackeditLayout'];
}

/**
 * A workspace kept in a folder on the user's disk (issue 33): the git workspace engine over a
 * {@link FolderPort}, so the folder has the layout of a git workspace (plain `{path}.md` files,
 * `.inkstone-data/`, `.inkstone-trash/`) and changes made by other tools are merged as a
 * remote's are. A disk has no size limit of its own: no content limit.
 */
export class FolderWorkspaceProvider extends GitWorkspaceProvider {
  constructor(options: FolderWorkspaceOptions) {
    super({
      id: FOLDER_WORKSPACE_PROVIDER_ID,
      port: new FolderPort(options.folder, options.store ? { store: options.store } : {}),
      path: '',
      messages: options.messages,
      onStackeditLayout: options.onStackeditLayout,
      stackeditLayout: options.stackeditLayout,
    });
  }
}
