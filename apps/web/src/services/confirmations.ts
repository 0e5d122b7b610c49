/** Confirmation dialogs by the spec's names (interface §2, "Confirmations"). */
export type ConfirmationType =
  | 'trashDeletion'
  | 'tempFileDeletion'
  | 'tempFolderDeletion'
  | 'folderDeletion'
  | 'removeWorkspace'
  | 'reset'
  | 'autoSyncWorkspace'
  | 'stopAutoSyncWorkspace'
  | 'sponsorOnly'
  | 'shareHtmlPre'
  | 'shareHtml'
  | 'signInForSponsorship'
  | 'providerRedirection'
  | 'workspaceGoogleRedirection'
  | 'fileRestoration'
  | 'commentDeletion'
  | 'discussionDeletion'
  | 'signInForComment'
  | 'stripName'
  | 'pathConflict'
  | 'unauthorizedName'
  | 'imgStorageDeletion'
  | 'paymentSuccess'
  | 'installApp';

/** What a confirmation dialog says: its title (the dialog's name), its text and its Ok button.
 * The spec names the dialogs but not their words: these are ours (docs/reference/choices.md).
 * A dialog that only tells (`single`) has its Ok button alone, which answers no. */
export const CONFIRMATIONS: Record<
  ConfirmationType,
  { title: string; text: (subject: string) => string; ok: string; single?: boolean }
> = {
  trashDeletion: {
    title: 'Delete permanently',
    text: (subject) =>
      subject === ''
        ? 'Every file in the Trash will be deleted permanently. This cannot be undone.'
        : `“${subject}” will be deleted permanently. This cannot be undone.`,
    ok: 'Delete',
  },
  tempFileDeletion: {
    title: 'Delete temporary file',
    text: (subject) => `The temporary file “${subject}” will be deleted permanently.`,
    ok: 'Delete',
  },
  tempFolderDeletion: {
    title: 'Delete temporary files',
    text: () => 'Every temporary file will be deleted permanently.',
    ok: 'Delete',
  },
  folderDeletion: {
    title: 'Delete folder',
    text: (subject) =>
      `The folder “${subject}” will be removed and every file in it moved to the Trash.`,
    ok: 'Delete',
  },
  sponsorOnly: {
    title: 'Sponsors only',
    text: (feature) =>
      `${feature} is for sponsors of this server. Sign in with the account you sponsor with, or ask the server's administrator.`,
    ok: 'Ok',
  },
  signInForSponsorship: {
    title: 'Sign in for sponsorship',
    text: (feature) =>
      feature === ''
        ? "A sponsorship belongs to an account: sign in with GitHub, then choose an offer. If you sponsor already, signing in unlocks the sponsors' exports."
        : `${feature} is for sponsors of this server. Sign in with GitHub: a sponsor's account unlocks it, and any account can become one.`,
    ok: 'Sign in with GitHub',
  },
  workspaceGoogleRedirection: {
    title: 'Full Google Drive access needed',
    text: () =>
      'A Google Drive workspace needs full access to your Drive, which this Google account has not given Inkstone. Sign in with Google again to give it.',
    ok: 'Sign in with Google',
  },
  providerRedirection: {
    title: 'Sign in again',
    text: (provider) =>
      `Your ${provider} access has expired and could not be renewed. Sign in with ${provider} again to go on: nothing you wrote is lost meanwhile.`,
    ok: 'Sign in',
  },
  removeWorkspace: {
    title: 'Remove workspace',
    text: (subject) =>
      `The workspace “${subject}” will be removed from this browser, with its local copy. Files not synced elsewhere are lost.`,
    ok: 'Remove',
  },
  autoSyncWorkspace: {
    title: 'Start auto sync',
    text: (subject) =>
      `“${subject}” will sync by itself from now on, each sync one commit with a message written by the app.`,
    ok: 'Start',
  },
  stopAutoSyncWorkspace: {
    title: 'Stop auto sync',
    text: (subject) =>
      `“${subject}” will sync only when you ask, and each sync will ask for its commit message first.`,
    ok: 'Stop',
  },
  reset: {
    title: 'Reset application',
    text: () =>
      'Every workspace stored in this browser will be deleted, with every file not synced elsewhere. The application then reloads.',
    ok: 'Reset',
  },
  shareHtmlPre: {
    title: 'Share as a web page',
    text: (subject) =>
      `“${subject}” will be exported as HTML to a new secret gist of your GitHub account. Anyone with the link can read it; the gist stays until you delete it on GitHub.`,
    ok: 'Share',
  },
  fileRestoration: {
    title: 'Restore revision',
    text: (subject) =>
      `The text of “${subject}” will be replaced by this revision's. The text it has now is kept in its history, and Ctrl+Z undoes the restore.`,
    ok: 'Restore',
  },
  shareHtml: {
    title: 'File shared',
    text: (subject) => `Anyone with this link can read the file: ${subject}`,
    ok: 'Open',
  },
  // Comments and discussions (docs/how-to/discussions.md).
  commentDeletion: {
    title: 'Remove comment',
    text: () =>
      'This comment will be removed from the discussion, for everyone the file syncs with.',
    ok: 'Remove',
  },
  discussionDeletion: {
    title: 'Remove discussion',
    text: (subject) =>
      `The discussion on “${subject}” will be removed with all its comments, for everyone the file syncs with.`,
    ok: 'Remove',
  },
  signInForComment: {
    title: 'Sign in to comment',
    text: () =>
      'Comments say who wrote them: sign in with GitHub to start a discussion or reply. Your files then sync with your account.',
    ok: 'Sign in with GitHub',
  },
  // Names (spec core §5).
  stripName: {
    title: 'Strip the name',
    text: (subject) =>
      `“${subject}” has characters a name cannot hold (slashes, control characters, runs of spaces) or is over 250 characters. Strip them?`,
    ok: 'Strip',
  },
  pathConflict: {
    title: 'Name taken',
    text: (subject) =>
      `“${subject}” already exists here, and this workspace keeps one file per path. Add a suffix (.1, .2…) to the name?`,
    ok: 'Add a suffix',
  },
  unauthorizedName: {
    title: 'Unauthorized name',
    text: (subject) =>
      `“${subject}” cannot name a folder: the names of the data and trash folders, and names ending in .md, .sync or .publish, are kept for Inkstone's own use.`,
    ok: 'Ok',
    single: true,
  },
  imgStorageDeletion: {
    title: 'Remove image bed',
    text: (subject) =>
      `The image bed “${subject}” will be removed from this browser. The images uploaded there stay where they are.`,
    ok: 'Remove',
  },
  paymentSuccess: {
    title: 'Thank you for your payment!',
    text: () => 'Your sponsorship will be active within a minute.',
    ok: 'Ok',
    single: true,
  },
  installApp: {
    title: 'Install Inkstone',
    text: () =>
      'Add Inkstone to your apps or home screen: it opens in its own window, and without the network.',
    ok: 'Install',
  },
};
