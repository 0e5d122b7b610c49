/** What a Dropbox file dialog is for (spec providers §2: sync, open and publish dialogs). */
export type DropboxDialogPurpose = 'sync' | 'open' | 'publish';

/** A linked account as the dialogs show it. */
export interface DropboxAccountChoice {
  sub: string;
  name: string;
  fullAccess: boolean;
}

/** What the Dropbox file dialog is opened with. */
export interface DropboxLocationDialogProps {
  purpose: DropboxDialogPurpose;
  /** The linked accounts (at least one), the first chosen by default. */
  accounts: DropboxAccountChoice[];
  /** The path proposed: the file's name plus .md (sync) or .html (publish); empty to open. */
  defaultPath: string;
  /** Template ids and names (publishing only), the first one chosen by default. */
  templates?: { id: string; name: string }[];
  /** Opening only: the full-Dropbox app's key, for Dropbox's Chooser (empty: none offered). */
  chooserAppKey?: string;
  /** Opening only: where the Chooser's script is loaded from (Dropbox's own when absent). */
  chooserScript?: string;
}

/** What the Dropbox file dialog resolves with: the account, the path as the account's token
 * sees it, and the template when publishing. */
export interface DropboxLocationRequest {
  purpose: DropboxDialogPurpose;
  sub: string;
  path: string;
  templateId?: string;
  /** Opening only: every file chosen in Dropbox's Chooser (`id:…` paths), `path` the first. */
  paths?: string[];
}
