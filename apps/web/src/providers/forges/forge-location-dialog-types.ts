import { type LocationDialogProps } from '../github/file-location-dialog-types';
import { type ForgeFileFields } from './forge-locations';

/** What a GitLab, Gitea or Gitee file dialog is opened with: its forge and, for GitLab and
 * Gitea, the server of the account the location is written with (URLs are read on it). */
export interface ForgeFileLocationProps extends LocationDialogProps {
  forge: ForgeFileFields['forge'];
  serverUrl: string;
}

/** A forge's file the user asked for, with the template when publishing. */
export interface ForgeFileLocationRequest {
  fields: ForgeFileFields;
  templateId?: string;
}
