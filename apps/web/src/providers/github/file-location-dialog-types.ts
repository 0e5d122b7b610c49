import { type GistFields, type GithubFileFields } from '@inkstone/core';

/** What a location dialog is for, and the templates to choose from when publishing. */
export interface LocationDialogProps {
  purpose: 'sync' | 'open' | 'publish';
  /** Template ids and names (publishing only), the first one chosen by default. */
  templates?: { id: string; name: string }[];
  /** The gist dialogs of another forge (Gitee): its name in the titles ("Synchronize with a
   * Gitee gist"); GitHub's without. */
  gistForge?: string;
}

/** A repository file the user asked for, with the template when publishing. */
export interface GithubFileLocationRequest {
  fields: GithubFileFields;
  templateId?: string;
}

/** A gist file the user asked for, with the template when publishing. When opening, only
 * `fields.gistId` and, if given, `fields.filename` count. */
export interface GistLocationRequest {
  fields: GistFields;
  templateId?: string;
}
