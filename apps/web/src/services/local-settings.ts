/** Settings of the interface kept in the workspace's `localSettings` data item (spec interface
 * §3 "Local settings"), beside the theme settings (`themes/theme-settings.ts`). The item is never
 * synced. */
export interface LocalSettings {
  /** The file properties dialog's tab last chosen. */
  filePropertiesTab: 'simple' | 'yaml';
  htmlExportTemplate: string;
  pdfExportTemplate: string;
  pandocExportFormat: string;
  /** The GitHub account dialog's "access to private repositories" (spec providers §3), also
   * what "Sign in with GitHub" asks for. */
  githubRepoFullAccess: boolean;
  /** The GitLab and Gitea account dialogs' last Server URL and Application ID (spec providers
   * §3); the secret is not kept here, only with the account's token. */
  gitlabServerUrl: string;
  gitlabApplicationId: string;
  giteaServerUrl: string;
  giteaApplicationId: string;
  /** The Blogger dialogs' Blog URL (spec providers §3 `bloggerBlogUrl`): the last one used. */
  bloggerBlogUrl: string;
  /** Google Drive's defaults (spec providers §3): the Restrict access checkbox, the Folder ID
   * of the sync and publish dialogs and of the workspace dialog, the publish format. */
  googleDriveRestrictedAccess: boolean;
  googleDriveFolderId: string;
  googleDriveWorkspaceFolderId: string;
  googleDrivePublishFormat: 'markdown' | 'html';
  /** The Dropbox account dialog's restrictedAccess choice (spec providers §3). */
  dropboxRestrictedAccess: boolean;
  /** The "Publish to WordPress" dialog's Site domain (spec providers §3 `wordpressDomain`). */
  wordpressDomain: string;
  /** The Workspace image path dialog's template (spec interface §5), for this workspace. */
  workspaceImagePath: string;
  /** The image storage chosen in the Insert image dialog, as JSON of an ImageStorageChoice;
   * '' when none is chosen. */
  imageStorage: string;
}

/** The local settings before the user changes any. */
export const defaultLocalSettings: Readonly<LocalSettings> = Object.freeze({
  filePropertiesTab: 'simple',
  htmlExportTemplate: 'styledHtml',
  pdfExportTemplate: 'styledHtml',
  pandocExportFormat: 'pdf',
  githubRepoFullAccess: false,
  gitlabServerUrl: '',
  gitlabApplicationId: '',
  giteaServerUrl: '',
  giteaApplicationId: '',
  bloggerBlogUrl: '',
  googleDriveRestrictedAccess: false,
  googleDriveFolderId: '',
  googleDriveWorkspaceFolderId: '',
  googleDrivePublishFormat: 'markdown',
  dropboxRestrictedAccess: false,
  wordpressDomain: '',
  workspaceImagePath: '/imgs/{YYYY}-{MM}-{DD}',
  imageStorage: '',
});

/** Reads the local settings of a stored `localSettings` data: values of the right type over the
 * defaults, so a damaged or older record never breaks a dialog. */
export function readLocalSettings(stored: unknown): LocalSettings {
  const result: LocalSettings = { ...defaultLocalSettings };
  if (typeof stored !== 'object' || stored === null) return result;
  for (const key of Object.keys(result) as (keyof LocalSettings)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === typeof defaultLocalSettings[key]) {
      (result as unknown as Record<string, unknown>)[key] = value;
    }
  }
  if (result.filePropertiesTab !== 'yaml') result.filePropertiesTab = 'simple';
  if (result.googleDrivePublishFormat !== 'html') result.googleDrivePublishFormat = 'markdown';
  return result;
}
