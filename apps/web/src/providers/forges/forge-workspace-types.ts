import { type ForgeId } from '@inkstone/core';
import { type ForgeFolder } from './forge-workspace-params';

/** A linked account the workspace dialog may sync with. */
export interface ForgeWorkspaceAccount {
  sub: string;
  name: string;
  /** GitLab and Gitea: the account's server (scheme and host); Gitee: Gitee's web origin. */
  serverUrl: string;
}

/** What the GitLab, Gitea or Gitee workspace dialog is opened with: the forge and the linked
 * accounts of it (one at least; a choice is shown when there are several). */
export interface ForgeWorkspaceProps {
  forge: ForgeId;
  accounts: readonly ForgeWorkspaceAccount[];
}

/** What the dialog resolves to: the folder, normalised, and the account chosen. */
export interface ForgeWorkspaceRequest {
  folder: ForgeFolder;
  sub: string;
}
