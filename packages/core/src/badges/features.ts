// Badges (spec interface §1, §2, §3; core §3 `badgeCreations`): features earned by using them.
// The tree follows the reference's feature list (top-level ids of interface §3), limited to what
// Inkstone has; names and descriptions are ours.

/** A feature: a leaf is earned by doing it once; a group when all its children are. */
export interface Feature {
  id: string;
  name: string;
  description: string;
  children?: readonly Feature[];
}

/** A badge as shown: the feature with its earned state (spec interface §3 "Badge/feature"). */
export interface Badge {
  featureId: string;
  name: string;
  description: string;
  isEarned: boolean;
  hasSomeEarned: boolean;
  children: Badge[] | null;
}

/** What `badgeCreations` holds: when each leaf feature was first used. */
export type BadgeCreations = Record<string, { created: number }>;

const leaf = (id: string, name: string, description: string): Feature => ({
  id,
  name,
  description,
});
const group = (id: string, name: string, description: string, children: Feature[]): Feature => ({
  id,
  name,
  description,
  children,
});

export const FEATURES: readonly Feature[] = [
  group('navigationBar', 'Navigator', 'Use the navigation bar: format, rename, open panels.', [
    leaf('formatButtons', 'Formatter', 'Format text with the navigation bar’s buttons.'),
    leaf('editCurrentFileName', 'Retitler', 'Rename the current file from its title field.'),
    leaf(
      'toggleExplorer',
      'Explorer toggler',
      'Show or hide the explorer from the navigation bar.',
    ),
    leaf('toggleSideBar', 'Side bar toggler', 'Show or hide the side bar from the navigation bar.'),
  ]),
  group('explorer', 'Explorer', 'Organise the workspace’s files and folders in the explorer.', [
    leaf('createFile', 'File maker', 'Create a file in the explorer.'),
    leaf('switchFile', 'File switcher', 'Open another file from the explorer.'),
    leaf('createFolder', 'Folder maker', 'Create a folder in the explorer.'),
    leaf('moveFile', 'File mover', 'Drag a file into another folder.'),
    leaf('moveFolder', 'Folder mover', 'Drag a folder into another folder.'),
    leaf('renameFile', 'File renamer', 'Rename a file in the explorer.'),
    leaf('renameFolder', 'Folder renamer', 'Rename a folder in the explorer.'),
    leaf('removeFile', 'File remover', 'Delete a file in the explorer.'),
    leaf('removeFolder', 'Folder remover', 'Delete a folder in the explorer.'),
    leaf('searchFile', 'Searcher', 'Search the workspace’s files in the explorer.'),
  ]),
  group('buttonBar', 'Layout keeper', 'Arrange the editor with the button bar.', [
    leaf('toggleNavigationBar', 'Bar hider', 'Show or hide the navigation bar.'),
    leaf('toggleSidePreview', 'Preview toggler', 'Show or hide the side preview.'),
    leaf('toggleEditor', 'Reader', 'Show or hide the editor.'),
    leaf('toggleFocusMode', 'Focused', 'Turn the focus mode on or off.'),
    leaf('toggleScrollSync', 'Scroll syncer', 'Turn the scroll sync on or off.'),
    leaf('toggleStatusBar', 'Status watcher', 'Show or hide the status bar.'),
  ]),
  group('signIn', 'Signed in', 'Sign in to sync your main workspace.', [
    leaf('syncMainWorkspace', 'Main syncer', 'Sync the main workspace with your account.'),
    leaf('sponsor', 'Sponsor', 'Sponsor this server.'),
  ]),
  group('workspaces', 'Workspace keeper', 'Add and manage workspaces.', [
    leaf('addCouchdbWorkspace', 'CouchDB user', 'Add a CouchDB workspace.'),
    leaf('addGithubWorkspace', 'GitHub user', 'Add a GitHub workspace.'),
    leaf('addGitlabWorkspace', 'GitLab user', 'Add a GitLab workspace.'),
    leaf('addGiteaWorkspace', 'Gitea user', 'Add a Gitea workspace.'),
    leaf('addGiteeWorkspace', 'Gitee user', 'Add a Gitee workspace.'),
    leaf('addGoogleDriveWorkspace', 'Drive user', 'Add a Google Drive workspace.'),
    leaf('renameWorkspace', 'Workspace renamer', 'Rename a workspace.'),
    leaf('removeWorkspace', 'Workspace remover', 'Remove a workspace from this browser.'),
    leaf('autoSyncWorkspace', 'Auto syncer', 'Turn a workspace’s automatic sync on.'),
    leaf('stopAutoSyncWorkspace', 'Hand syncer', 'Turn a workspace’s automatic sync off.'),
  ]),
  group('manageAccounts', 'Account keeper', 'Link and manage external accounts.', [
    leaf('addGitHubAccount', 'GitHub linked', 'Link a GitHub account.'),
    leaf('addGitLabAccount', 'GitLab linked', 'Link a GitLab account.'),
    leaf('addGiteaAccount', 'Gitea linked', 'Link a Gitea account.'),
    leaf('addGiteeAccount', 'Gitee linked', 'Link a Gitee account.'),
    leaf('addGoogleDriveAccount', 'Google linked', 'Link a Google account.'),
    leaf('removeAccount', 'Account remover', 'Remove an account’s access.'),
  ]),
  group('syncFiles', 'File syncer', 'Sync your files.', [
    leaf('triggerSync', 'Syncer', 'Sync with the sync button.'),
  ]),
  group('publishFiles', 'Publisher', 'Publish your files.', [
    leaf('triggerPublish', 'Publisher', 'Publish with the publish button.'),
  ]),
  group('manageHistory', 'Historian', 'Use the file history.', [
    leaf('chooseHistory', 'Time traveller', 'Look at a revision in the History panel.'),
    leaf('restoreVersion', 'Restorer', 'Restore a revision.'),
  ]),
  group('manageProperties', 'Property keeper', 'Set the file properties.', [
    leaf('setMetadata', 'Metadata', 'Change the file properties.'),
  ]),
  group('comment', 'Commenter', 'Discuss the text with comments.', [
    leaf('createDiscussion', 'Discussion starter', 'Start a discussion.'),
    leaf('addComment', 'Replier', 'Reply in a discussion.'),
    leaf('removeComment', 'Comment remover', 'Remove a comment.'),
    leaf('removeDiscussion', 'Discussion closer', 'Remove a discussion.'),
  ]),
  group('importExport', 'Porter', 'Import and export files.', [
    leaf('importMarkdown', 'Markdown importer', 'Import a markdown file.'),
    leaf('exportMarkdown', 'Markdown exporter', 'Export a file as markdown.'),
    leaf('importHtml', 'HTML importer', 'Import an HTML file.'),
    leaf('exportHtml', 'HTML exporter', 'Export a file as HTML.'),
    leaf('exportPdf', 'PDF exporter', 'Export a file as PDF.'),
    leaf('exportPandoc', 'Pandoc exporter', 'Export a file with Pandoc.'),
  ]),
  group('manageSettings', 'Tinkerer', 'Change the settings and the themes.', [
    leaf('changeSettings', 'Configurer', 'Change the settings.'),
    leaf('switchTheme', 'Theme switcher', 'Switch between the light and the dark theme.'),
  ]),
  group('manageTemplates', 'Templater', 'Manage the export templates.', [
    leaf('addTemplate', 'Template maker', 'Add a template.'),
    leaf('removeTemplate', 'Template remover', 'Remove a template.'),
  ]),
];

/** The badges of `creations`: every feature with its earned state. */
export function toBadges(
  creations: BadgeCreations,
  features: readonly Feature[] = FEATURES,
): Badge[] {
  return features.map((feature) => {
    const children = feature.children ? toBadges(creations, feature.children) : null;
    return {
      featureId: feature.id,
      name: feature.name,
      description: feature.description,
      children,
      isEarned: children
        ? children.every((child) => child.isEarned)
        : creations[feature.id] !== undefined,
      hasSomeEarned: children ? children.some((child) => child.isEarned) : false,
    };
  });
}

/** Every badge of the tree, groups and leaves. */
export function allBadges(badges: readonly Badge[]): Badge[] {
  return badges.flatMap((badge) => [badge, ...allBadges(badge.children ?? [])]);
}

/** 'Badges (earned/total)': groups and leaves counted alike. */
export function badgeCount(badges: readonly Badge[]): { earned: number; total: number } {
  const all = allBadges(badges);
  return { earned: all.filter((badge) => badge.isEarned).length, total: all.length };
}

/** The leaf feature of `id`, if it is one (a group is earned by its children only). */
export function leafFeature(
  id: string,
  features: readonly Feature[] = FEATURES,
): Feature | undefined {
  for (const feature of features) {
    if (feature.children) {
      const found = leafFeature(id, feature.children);
      if (found) return found;
    } else if (feature.id === id) return feature;
  }
  return undefined;
}

/** The badges newly earned when `id` is: the leaf, and each group it completes. */
export function newlyEarned(creations: BadgeCreations, id: string): Badge[] {
  const before = new Set(
    allBadges(toBadges(creations))
      .filter((badge) => badge.isEarned)
      .map((badge) => badge.featureId),
  );
  const after = allBadges(toBadges({ ...creations, [id]: { created: 0 } }));
  return after.filter((badge) => badge.isEarned && !before.has(badge.featureId));
}
