import { type LocationDialogProps } from '../github/file-location-dialog-types';
import { type ForgeFileFields } from './forge-locations';
import { type ForgeWorkspaceAccount } from './forge-workspace-types';

/** What a GitLab, Gitea or Gitee file dialog is opened with: its forge and the linked accounts
 * of it (one at least; a choice is shown when there are several). URLs are read on the chosen
 * account's server. */
export interface ForgeFileLocationProps extends LocationDialogProps {
  forge: ForgeFileFields['forge'];
  accounts: readonly ForgeWorkspaceAccount[];
}

/** A forge's file the user asked for, the account chosen, and the template when publishing. */
export interface ForgeFileLocationRequest {
  fields: ForgeFileFields;
  sub: string;
  templateId?: string;
}
