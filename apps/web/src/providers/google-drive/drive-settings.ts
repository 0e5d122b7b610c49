import { defaultLocalSettings, type LocalSettings } from '../../services/local-settings';

/** The Drive defaults of spec providers §3's local settings, kept in the workspace's
 * `localSettings` item with the others: what the Drive dialogs show first, remembered from the
 * last dialog confirmed. Ids and choices only, never a token. */
export type DriveLocalSettings = Pick<
  LocalSettings,
  | 'googleDriveRestrictedAccess'
  | 'googleDriveFolderId'
  | 'googleDriveWorkspaceFolderId'
  | 'googleDrivePublishFormat'
>;

/** The defaults before any Drive dialog was confirmed (Export Markdown, no folder, full
 * access). */
export const DRIVE_SETTINGS_DEFAULTS: Readonly<DriveLocalSettings> = Object.freeze({
  googleDriveRestrictedAccess: defaultLocalSettings.googleDriveRestrictedAccess,
  googleDriveFolderId: defaultLocalSettings.googleDriveFolderId,
  googleDriveWorkspaceFolderId: defaultLocalSettings.googleDriveWorkspaceFolderId,
  googleDrivePublishFormat: defaultLocalSettings.googleDrivePublishFormat,
});

/** The Drive part of the local settings. */
export const driveSettingsOf = (settings: LocalSettings): DriveLocalSettings => ({
  googleDriveRestrictedAccess: settings.googleDriveRestrictedAccess,
  googleDriveFolderId: settings.googleDriveFolderId,
  googleDriveWorkspaceFolderId: settings.googleDriveWorkspaceFolderId,
  googleDrivePublishFormat: settings.googleDrivePublishFormat,
});
