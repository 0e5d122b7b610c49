// The public surface of @inkstone/core. Everything here is framework-agnostic and free of
// browser globals: the world comes in through ports (repositories, timers, signals, random bytes).

export {
  AUTO_SYNC_EVERY_DEFAULT,
  AUTO_SYNC_EVERY_MIN,
  CONTENT_STATE_SAVE_DEBOUNCE,
  CROSS_TAB_RELOAD_JUMP,
  DATA_FOLDER_NAME,
  DB_NAME,
  DB_VERSION,
  DEFAULT_NAME,
  FILE_EXTENSION,
  FILE_NOT_READABLE,
  ID_LENGTH,
  MAIN_WORKSPACE_ID,
  MAIN_WORKSPACE_NAME,
  MAX_HISTORY_ENTRIES,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  PREVIEW_DEBOUNCE,
  RECENT_FILES_MAX,
  SEARCH_RESULTS_MAX,
  SIZE_MEASUREMENT_DEBOUNCE,
  PENDING_IMAGE_UPLOAD_GAP,
  SYNC_MIN_GAP_AFTER_ACTIVITY,
  TRASH_CLEANING_DELAY,
  TRASH_FOLDER_NAME,
  USER_ACTIVE_DELAY,
  WELCOME_FILE_NAME,
} from './constants.js';

export type {
  BaseItem,
  Comment,
  ContentItem,
  ContentSnapshot,
  ContentStateItem,
  DataItem,
  DataItemId,
  Discussion,
  FileItem,
  FolderItem,
  ImageItem,
  Item,
  ItemType,
  LastOpened,
  LayoutSettings,
  LocationItem,
  ScrollPosition,
  SpecialParentId,
  SyncedContentItem,
  SyncHistoryEntry,
  Unhashed,
  Workspace,
} from './items/types.js';
export { createIdGenerator, ID_ALPHABET, type RandomBytes } from './items/id.js';
export {
  digestToHash,
  hashItem,
  type ItemHasher,
  itemHashSource,
  hashText,
  withHash,
} from './items/hash.js';
export { canonicalJson } from './items/canonical-json.js';
export { itemIds } from './items/item-ids.js';

export { isTextTooLong, sanitizeText, truncate } from './validation/text.js';
export { splitText } from './validation/split-text.js';
export { FieldError } from './validation/field-error.js';
export {
  type ContentLimit,
  contentTooLargeMessage,
  GIST_FILE_LIMIT,
  GITHUB_FILE_LIMIT,
  isOverLimit,
  utf8Length,
} from './sync/content-limit.js';
export { nameWasStripped, sanitizeFilename, sanitizeName } from './validation/name.js';
export {
  assertFolderNameAllowed,
  isFolderNameAllowed,
  RESERVED_FOLDER_NAME_ENDINGS,
  RESERVED_FOLDER_NAMES,
  UNAUTHORIZED_NAME_MESSAGE,
  UnauthorizedNameError,
} from './validation/folder-name.js';
export { breakFolderCycles, repairFolderParents } from './validation/folder-cycles.js';
export { childPath, computePaths, TRASH_PATH, type TreeItem } from './validation/paths.js';
export { nameWithSuffix, uniqueName } from './validation/unique-name.js';
export {
  findPathConflict,
  makePathsUnique,
  type MakePathsUniqueOptions,
} from './validation/unique-paths.js';
export { removeDuplicateLocations } from './validation/locations.js';

export type {
  ChangeBatch,
  ItemRepository,
  ItemUpdater,
  StoredItem,
  UpdateCompanions,
  UpdateResult,
} from './db/repository.js';
export { TOMBSTONE_KEEP_TX } from './db/repository.js';
export { type LocalRevision } from './db/repository.js';
export {
  HISTORY_MAX_BYTES_DEFAULT,
  HISTORY_PAUSE_MS,
  type HistorySettings,
  LocalHistory,
  type RevisionStore,
  type SnapshotReason,
  withSnapshotsBeforeOverwrite,
} from './history/local-history.js';
export { revisionsToDrop, THINNING_BANDS } from './history/thinning.js';
export { databaseName } from './db/database-name.js';
export { MemoryDatabase, MemoryRepository } from './db/memory-repository.js';

export type { Timers } from './ports/timers.js';

export { applyEdits, diffEdits, diffWordEdits, type TextEdit } from './merge/text-edit.js';
export {
  CONFLICT_MARKERS,
  mergeText,
  type MergeConflict,
  type MergeLabels,
  type MergeResult,
} from './merge/merge-text.js';
export {
  type ConflictBlock,
  type ConflictChoice,
  conflictResolution,
  findConflictBlocks,
  mayHaveConflicts,
  resolveConflict,
} from './merge/conflict-blocks.js';

export { LocalSignalHub, withChangeSignal, type ChangeSignal } from './session/change-signal.js';
export { CHANGE_POLL_INTERVAL, ChangeFeed, type ChangeFeedOptions } from './session/change-feed.js';
export {
  ContentSession,
  type ContentSessionOptions,
  preloadMerging,
  type TextHost,
} from './session/content-session.js';

export { defaultLayoutSettings, readLayoutSettings } from './settings/layout-settings.js';
export { setSettingsKey, type SetSettingsKeyResult } from './settings/settings-key.js';
export {
  type ColorThemeSetting,
  CUSTOM_SETTINGS_TEMPLATE,
  DEFAULT_SETTINGS_YAML,
  defaultSettings,
  isBlankYaml,
  settingsOver,
  type TurndownSettings,
  type UserSettings,
} from './settings/user-settings.js';
export { readSettings } from './settings/read-settings.js';
export { parseYamlObject, type YamlObjectResult } from './properties/yaml.js';
export {
  readSimpleProperties,
  type SimpleProperties,
  writeSimpleProperties,
} from './properties/simple-properties.js';
export {
  InvalidYamlError,
  readCustomSettings,
  saveCustomSettings,
  saveProperties,
} from './workspace/properties.js';
export {
  previewStatistics,
  textStatistics,
  utf8ByteLength,
  type Statistic,
} from './stats/statistics.js';
export { WordCounter } from './stats/word-count.js';
export {
  createFile,
  newFileItems,
  readLastOpened,
  recordOpened,
  renameFile,
  resolveCurrentFile,
  type NewFile,
} from './workspace/files.js';
export { type ContentPlace } from './session/place.js';
export { findLinkedFile, isRelativeLink, resolveLinkPath } from './workspace/relative-links.js';
export {
  BACKUP_EXPORT_TOO_LARGE_MESSAGE,
  BACKUP_FORMAT,
  BACKUP_MAX_BYTES,
  BACKUP_TOO_LARGE_MESSAGE,
  BACKUP_VERSION,
  BackupError,
  exportWorkspace,
  exportWorkspaceFile,
  importWorkspace,
  type ImportResult,
  NOT_A_BACKUP_MESSAGE,
  parseBackup,
  UNTRAVELLED_DATA_IDS,
  type WorkspaceBackup,
} from './workspace/backup.js';
export { FileNotReadableError, importedFileName, readableText } from './workspace/import-file.js';
export { type ArchiveLayout, archiveLayout } from './transfer/archive-layout.js';
export {
  archivePathSegments,
  hiddenPath,
  importKind,
  type ImportKind,
  isHiddenFile,
  isHiddenFolder,
  isSystemFile,
  UNSUPPORTED_TYPE_MESSAGE,
} from './transfer/import-paths.js';
export {
  type ImportEntry,
  importEntries,
  type ImportOptions,
  type ImportReport,
} from './transfer/import-entries.js';
export {
  incomingFile,
  readStackeditTrailer,
  STACKEDIT_TRAILER_START,
  type StackeditContent,
} from './transfer/stackedit-trailer.js';
export {
  importStackeditBackup,
  type StackeditBackupEntries,
  type StackeditImportOptions,
  stackeditBackupEntries,
} from './transfer/stackedit-backup.js';
export {
  canMove,
  createFolder,
  createNamedFile,
  isInside,
  moveItem,
  newItemParent,
  renameItem,
  type NodeId,
} from './explorer/tree-edits.js';
export {
  deleteFilesPermanently,
  deleteNode,
  purgeTrash,
  type ConfirmDeletion,
  type DeletionConfirmation,
  type TreeChange,
} from './explorer/deletion.js';
export { searchFiles } from './explorer/search.js';
export { matchFiles, TextIndex } from './explorer/text-index.js';
export { observeWrites, type RepositoryWrite } from './db/observe-writes.js';
export {
  type CouchdbDatabaseInfo,
  CouchdbWorkspaceProvider,
  type CouchdbWorkspaceOptions,
} from './providers/couchdb/couchdb-workspace-provider.js';
export { type CouchdbCredentialsPort } from './providers/couchdb/session.js';
export {
  checkCredentials,
  type CouchdbCredentials,
  normalizeDbUrl,
} from './providers/couchdb/settings.js';
export {
  CouchdbLoginError,
  CouchdbSettingsError,
  DatabaseNotAccessibleError,
} from './providers/couchdb/errors.js';
export {
  COUCHDB_CHANGES_PAGE_SIZE,
  COUCHDB_WORKSPACE_PROVIDER_ID,
  MISSING_DOCUMENT_ID_MESSAGE,
  notAccessibleMessage,
} from './providers/couchdb/constants.js';
export { HttpClient, HttpError, NetworkError } from './sync/http-client.js';

// Sync engine (SPEC.md "Sync (S)").
export {
  type ChangesPage,
  type RemoteChange,
  RemoteFileUnavailableError,
  type RemoteImage,
  type RemoteRevision,
  type SaveEntry,
  type SaveResult,
  type SyncData,
  TooLateError,
  type WorkspaceProvider,
} from './sync/workspace-provider.js';
export {
  MAX_SYNC_ATTEMPTS,
  SYNC_KEPT_CHANGING,
  SyncKeptChangingError,
  type WorkspaceSyncOptions,
  WorkspaceSynchronizer,
} from './sync/workspace-sync.js';
export {
  type ImageUploader,
  type PendingImageUploaded,
  uploadPendingImages,
} from './sync/pending-images.js';
export {
  base64ByteLength,
  derivedImageId,
  imageTooLargeMessage,
  linkedImagePaths,
  syncWorkspaceImages,
  type WorkspaceImagesStep,
} from './sync/workspace-images.js';
export {
  type FileLocationProvider,
  type FileLocationSyncOptions,
  syncFileLocations,
} from './sync/location-sync.js';
export {
  askingCommitMessage,
  type CommitMessagePort,
  UploadCancelledError,
} from './sync/commit-message.js';
export {
  type AbortFlag,
  MAIN_LOCATION_ID,
  OfflineError,
  type SyncContext,
} from './sync/sync-context.js';
export {
  loadSyncState,
  saveSyncState,
  SYNC_STATE_ID,
  type SyncedRecord,
  type SyncState,
} from './sync/sync-state.js';
export {
  DISCUSSION_NOT_LOCATABLE,
  isLocatable,
  mapDiscussion,
  mapDiscussions,
  mapOffset,
  remapDiscussions,
} from './discussions/anchors.js';
export { mergeTalk, type Talk, type TalkVersion } from './discussions/merge-talk.js';
export {
  canRemoveComment,
  canRemoveDiscussion,
  checkComment,
  COMMENT_MAX_LENGTH,
  COMMENT_TOO_LONG,
  DISCUSSION_TEXT_LENGTH,
  discussionComments,
  ellipsize,
  newDiscussion,
  orderedDiscussions,
  UNKNOWN_AUTHOR,
  withoutComment,
  withoutDiscussion,
} from './discussions/talk.js';
export {
  type ContentMergeResult,
  EMPTY_SNAPSHOT,
  mergeContent,
  mergeProperties,
  mergeRecords,
  toSnapshot,
} from './sync/merge-content.js';
export {
  isTemp,
  localSyncView,
  owningFileId,
  SYNCED_ITEM_TYPES,
  type SyncScope,
} from './sync/syncable.js';
export { type QueuedTask, TaskQueue, type TaskQueueOptions } from './sync/task-queue.js';
export {
  type ActivityPort,
  isSyncPossible,
  isUserActive,
  type SharedTimestamp,
  SYNC_NOT_POSSIBLE,
  type SyncConditionInput,
  syncVerdict,
  type SyncVerdict,
} from './sync/sync-conditions.js';
export {
  SYNC_REQUEST_POLL,
  SyncRequester,
  type SyncRequesterOptions,
} from './sync/sync-requester.js';
export {
  BACK_ONLINE_MESSAGE,
  OFFLINE_CHECK_EVERY,
  OFFLINE_CHECK_EXTRA,
  OFFLINE_MESSAGE,
  OfflineDetector,
  type OfflineDetectorOptions,
} from './sync/offline.js';
export {
  type AutoSyncOptions,
  AutoSyncScheduler,
  autoSyncPeriod,
  isAutoSyncOn,
  jittered,
} from './sync/auto-sync.js';
export {
  GithubApiError,
  GithubAuthError,
  GithubClient,
  type GithubClientOptions,
  encodePath,
} from './providers/github/github-client.js';
export {
  accountNotExpected,
  APP_DATA_REPO,
  GIST_FILE_NOT_FOUND,
  GIT_TREE_TOO_BIG,
  GITHUB_DEFAULT_BRANCH,
  GITHUB_NAME,
  GITHUB_PROVIDER_IDS,
  githubScopes,
  httpErrorOnLocation,
} from './providers/github/constants.js';
export { GITHUB_TOKENS_KEY, type GithubToken, isGithubToken } from './providers/github/token.js';
export {
  GithubWorkspaceProvider,
  type GithubWorkspaceOptions,
} from './providers/github/github-workspace-provider.js';
export {
  APP_DATA_REPO_PUBLIC,
  ensureAppDataRepository,
  type GithubRepository,
} from './providers/github/app-data-repository.js';
export { GithubGitData, type GithubBranch } from './providers/github/github-git-data.js';

// Git workspaces, forge-neutral (docs/adr/0005-git-workspaces.md).
export {
  type GitCommitInfo,
  type GitDataPort,
  type GitFileChange,
  type GitFileWritePort,
  GitObjectMissingError,
  type GitReadPort,
  type GitTreeChange,
  type GitTreeEntry,
  type GitTreeListing,
  type GitTreeWritePort,
  NotFastForwardError,
  writesFiles,
} from './providers/git/git-data-port.js';
export {
  GitWorkspace,
  type GitWorkspaceOptions,
  STACKEDIT_CONVERSION_MESSAGE,
  type StackeditLayoutChoice,
  StackeditLayoutError,
} from './providers/git/git-workspace.js';
export {
  readStackeditLayout,
  type StackeditGitWorkspace,
  STACKEDIT_DATA_FOLDER,
  STACKEDIT_TRASH_FOLDER,
} from './providers/git/stackedit-layout.js';
export {
  GitWorkspaceProvider,
  type GitWorkspaceProviderOptions,
} from './providers/git/git-workspace-provider.js';
export {
  DEFAULT_COMMIT_MESSAGES,
  defaultCommitMessage,
  type GitCommitMessages,
} from './providers/git/commit-message.js';
export { InvalidManifestError } from './providers/git/snapshot.js';
// A workspace in a folder on the user's disk (issue 33): the git engine over a folder port.
export {
  type FolderEntry,
  type FolderFile,
  type FolderFileHandle,
  type FolderHandle,
  type FolderWritable,
} from './providers/folder/directory-handle.js';
export {
  FolderPort,
  type FolderPortOptions,
  type FolderRecord,
  type FolderRecordStore,
} from './providers/folder/folder-port.js';
export {
  FOLDER_WORKSPACE_PROVIDER_ID,
  FolderWorkspaceProvider,
  type FolderWorkspaceOptions,
} from './providers/folder/folder-workspace-provider.js';
export {
  GIT_DATA_FOLDER,
  GIT_MANIFEST_PATH,
  GIT_TRASH_FOLDER,
  IMAGE_EXTENSIONS,
  isImagePath,
} from './providers/git/layout.js';
export {
  parseRepositoryUrl,
  repositoryWebUrl,
  type RepositoryRef,
} from './providers/github/file-location-url.js';
export {
  type GistFields,
  type GistForm,
  type GithubFileFields,
  type GithubFileForm,
  isGistLocation,
  isGithubFileLocation,
  LocationFieldError,
  readGistForm,
  readGithubFileForm,
} from './providers/github/file-location-fields.js';
export {
  contentsPath,
  createGithubFileProvider,
  type FileCommitMessages,
  type GithubFileProviderOptions,
  readRepositoryFile,
  writeRepositoryFile,
} from './providers/github/file-location-provider.js';
export { base64ToText, textToBase64 } from './providers/github/file-location-content.js';
export { createGithubFilePublisher } from './providers/github/file-location-publisher.js';
export {
  createGist,
  type Gist,
  type GistFile,
  gistFileText,
  GistNotFoundError,
  readGist,
  writeGistFile,
} from './providers/github/gist-api.js';
export {
  createGistProvider,
  type GistProviderOptions,
} from './providers/github/gist-location-provider.js';
export { createGistPublisher } from './providers/github/gist-publisher.js';
export {
  NO_PUBLISH_ACCOUNT,
  PUBLISH_NOT_POSSIBLE,
  PUBLISH_POLL_EVERY,
  PUBLISH_TYPING_PAUSE,
  publicationLocationAdded,
  publishedTo,
  tempFileNotPublished,
} from './publish/constants.js';
export {
  type PublishedDocument,
  type Publisher,
  type PublisherUpdate,
  type PublishLocation,
} from './publish/publisher.js';
export {
  PublishError,
  publishFile,
  type PublishOptions,
  type PublishReport,
  type RenderPort,
} from './publish/publish-engine.js';
export { addPublishLocation, type NewPublishLocation } from './publish/publish-location.js';
export { PublishQueue, type PublishQueueOptions } from './publish/publish-queue.js';

// GitLab (issue 27): client, git port, project workspaces and file locations.
export {
  GITLAB_API_PATH,
  GITLAB_DEFAULT_BRANCH,
  GITLAB_MAX_PER_PAGE,
  GITLAB_NAME,
  GITLAB_PROVIDER_IDS,
} from './providers/gitlab/constants.js';
export {
  encodeFilePath as encodeGitlabFilePath,
  GitlabApiError,
  GitlabAuthError,
  GitlabClient,
  type GitlabClientOptions,
  projectRef as gitlabProjectRef,
} from './providers/gitlab/gitlab-client.js';
export { type GitlabBranch, GitlabGitData } from './providers/gitlab/gitlab-git-data.js';
export {
  GITLAB_FILE_LIMIT,
  type GitlabWorkspaceOptions,
  GitlabWorkspaceProvider,
} from './providers/gitlab/gitlab-workspace-provider.js';
export {
  gitlabServerUrl,
  GitlabServerUrlError,
  type GitlabWorkspaceParams,
  gitlabWorkspaceParams,
} from './providers/gitlab/workspace-options.js';
export { parseProjectUrl, projectWebUrl } from './providers/gitlab/file-location-url.js';
export {
  GitlabFieldError,
  type GitlabFileFields,
  type GitlabFileForm,
  isGitlabFileLocation,
  readGitlabFileForm,
} from './providers/gitlab/file-location-fields.js';
export {
  createGitlabFileProvider,
  type GitlabFileProviderOptions,
  gitlabProjectId,
  readProjectFile as readGitlabProjectFile,
  writeProjectFile as writeGitlabProjectFile,
} from './providers/gitlab/file-location-provider.js';
export { createGitlabFilePublisher } from './providers/gitlab/file-location-publisher.js';

// Forge accounts (issue 27, acc): GitLab, Gitea and Gitee tokens and their refresh.
export {
  FORGE_IDS,
  FORGE_NAMES,
  FORGE_TOKENS_KEYS,
  type ForgeId,
  type ForgeToken,
  type ForgeTokens,
  type GiteaToken,
  type GiteeToken,
  type GitlabToken,
  isForgeToken,
  isGiteeToken,
  isSelfHostedToken,
  type SelfHostedToken,
  selfHostedSub,
} from './providers/forge-accounts/forge-token.js';
export {
  FreshTokens,
  type FreshTokensPorts,
  NoForgeAccountError,
} from './providers/forge-accounts/fresh-tokens.js';
export { reduceServerUrl, SERVER_URL_INVALID } from './providers/forge-accounts/server-url.js';
export {
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  readTokenAnswer,
  TOKEN_REFRESH_MARGIN,
  type TokenAction,
  tokenAction,
  TokenAnswerError,
  type TokenGrant,
} from './providers/forge-accounts/token-grant.js';

// Gitea (and Forgejo): repository workspaces, file locations and publishing (issue 27).
export {
  GITEA_DEFAULT_BRANCH,
  GITEA_NAME,
  GITEA_PROVIDER_IDS,
  giteaApiUrl,
} from './providers/gitea/constants.js';
export {
  GITEA_LIST_LIMIT,
  GiteaApiError,
  GiteaAuthError,
  GiteaClient,
  type GiteaClientOptions,
} from './providers/gitea/gitea-client.js';
export {
  GITEA_STALE_WRITE,
  GITEA_TREE_PER_PAGE,
  GiteaGitData,
  type GiteaBranch,
} from './providers/gitea/gitea-git-data.js';
export {
  GITEA_FILE_LIMIT,
  GiteaWorkspaceProvider,
  type GiteaWorkspaceOptions,
} from './providers/gitea/gitea-workspace-provider.js';
export {
  giteaBranchOrDefault,
  giteaProjectPath,
  giteaRepositoryWebUrl,
  parseGiteaRepositoryUrl,
  splitProjectPath,
  type GiteaRepositoryRef,
} from './providers/gitea/file-location-url.js';
export {
  isGiteaFileLocation,
  readGiteaFileForm,
  type GiteaFileFields,
  type GiteaFileForm,
} from './providers/gitea/file-location-fields.js';
export {
  createGiteaFileProvider,
  lookUpGiteaRepository,
  readGiteaFile,
  writeGiteaFile,
  type GiteaFileProviderOptions,
} from './providers/gitea/file-location-provider.js';
export { createGiteaFilePublisher } from './providers/gitea/file-location-publisher.js';

// Gitee (issue 27): the v5 client, its git port and workspace provider, the app-data
// repository, file locations and gists.
export {
  GITEE_API_URL,
  GITEE_DEFAULT_BRANCH,
  GITEE_FILE_LIMIT,
  GITEE_NAME,
  GITEE_PER_PAGE,
  GITEE_PROVIDER_IDS,
  GITEE_WEB_URL,
} from './providers/gitee/constants.js';
export {
  GiteeApiError,
  GiteeAuthError,
  GiteeClient,
  type GiteeClientOptions,
  type GiteeParams,
  GiteeSignInError,
} from './providers/gitee/gitee-client.js';
export { type GiteeBranch, GiteeGitData } from './providers/gitee/gitee-git-data.js';
export {
  GiteeWorkspaceProvider,
  type GiteeWorkspaceOptions,
} from './providers/gitee/gitee-workspace-provider.js';
export {
  ensureGiteeAppDataRepository,
  GITEE_APP_DATA_REPO_PUBLIC,
  type GiteeRepository,
} from './providers/gitee/app-data-repository.js';
export {
  type GiteeRepositoryRef,
  giteeRepositoryWebUrl,
  parseGiteeRepositoryUrl,
} from './providers/gitee/file-location-url.js';
export {
  type GiteeFileFields,
  type GiteeFileForm,
  isGiteeFileLocation,
  isGiteeGistLocation,
  readGiteeFileForm,
} from './providers/gitee/file-location-fields.js';
export {
  createGiteeFileProvider,
  type GiteeFileProviderOptions,
  readGiteeFile,
  writeGiteeFile,
} from './providers/gitee/file-location-provider.js';
export { createGiteeFilePublisher } from './providers/gitee/file-location-publisher.js';
export {
  createGiteeGist,
  type GiteeGist,
  type GiteeGistFile,
  giteeGistFileText,
  giteeGistVersions,
  readGiteeGist,
  writeGiteeGistFile,
} from './providers/gitee/gist-api.js';
export {
  createGiteeGistProvider,
  type GiteeGistProviderOptions,
} from './providers/gitee/gist-location-provider.js';
export { createGiteeGistPublisher } from './providers/gitee/gist-publisher.js';

// Google accounts (issue 28): the token, its scopes and endpoints, and the fresh-token port.
export {
  type FreshGoogleToken,
  GOOGLE_SCOPE,
  GOOGLE_TOKENS_KEY,
  type GoogleEndpoints,
  googleEndpoints,
  type GoogleScopeNeeds,
  googleScopes,
  type GoogleToken,
  holdsScopes,
  isGoogleToken,
} from './providers/google/google-token.js';
export {
  BloggerClient,
  type BloggerClientOptions,
  BloggerError,
} from './providers/blogger/blogger-client.js';
export {
  bloggerKindOf,
  type BloggerFields,
  BloggerFieldError,
  type BloggerForm,
  type BloggerKind,
  isBloggerLocation,
  readBloggerForm,
} from './providers/blogger/blogger-fields.js';
export {
  bloggerMetadata,
  type BloggerMetadata,
  createBloggerPublisher,
  type BloggerPublisherOptions,
} from './providers/blogger/blogger-publisher.js';
export { BLOG_URL_REQUIRED, BLOGGER_PROVIDER_IDS } from './providers/blogger/constants.js';
// Google Drive's ids, dialog fields, workspace URL and state parameter (issue 28, drive-web).
export * from './providers/google-drive/drive-params.js';
export {
  DRIVE_FILE_FIELDS,
  DRIVE_FOLDER_MIME,
  DRIVE_PAGE_SIZE,
  DriveApiError,
  DriveAuthError,
  DriveClient,
  type DriveChange,
  type DriveChangesPage,
  type DriveClientOptions,
  type DriveFile,
  type DriveRevision,
  type DriveSpace,
  type DriveWrite,
} from './providers/google-drive/drive-client.js';
export {
  APP_DATA_FOLDER,
  DRIVE_DATA_FOLDER,
  DRIVE_TRASH_FOLDER,
  folderNotAccessible,
  folderOfAnotherWorkspace,
  GOOGLE_DRIVE_APP_DATA_PROVIDER_ID,
  GOOGLE_DRIVE_PUBLISH_PROVIDER_ID,
  GOOGLE_DRIVE_SYNC_PROVIDER_ID,
  GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID,
} from './providers/google-drive/constants.js';
export {
  DriveFolderError,
  DriveWorkspaceProvider,
  type DriveWorkspaceFolders,
  type DriveWorkspaceOptions,
  openDriveWorkspace,
} from './providers/google-drive/drive-workspace-provider.js';
export {
  checkDriveFileFields,
  type DriveFileFields,
  type DriveFileForm,
  fileNotAccessible,
  isDriveFileLocation,
  readDriveFileForm,
} from './providers/google-drive/file-location-fields.js';
export {
  createDriveFileProvider,
  type DriveFileProviderOptions,
} from './providers/google-drive/file-location-provider.js';
export { createDriveFilePublisher } from './providers/google-drive/file-location-publisher.js';
export * from './providers/dropbox/constants.js';
export * from './providers/dropbox/dropbox-path.js';
export * from './providers/dropbox/dropbox-client.js';
export * from './providers/dropbox/file-location.js';
export * from './providers/zendesk/constants.js';
export * from './providers/zendesk/zendesk-fields.js';
export * from './providers/zendesk/zendesk-article.js';
export * from './providers/zendesk/zendesk-client.js';
export * from './providers/zendesk/zendesk-publisher.js';
export {
  checkIdToken,
  CLIENT_ID_INCONSISTENT,
  GOOGLE_ACCOUNT_NOT_EXPECTED,
  GOOGLE_AUTHORIZATION_FAILED,
  GOOGLE_REFRESH_MARGIN_MS,
  GOOGLE_SILENT_TIMEOUT_MS,
  googleAccessSummary,
  type GoogleAuthorizeRequest,
  googleAuthorizeUrl,
  type GoogleGrant,
  type GoogleIdClaims,
  type GoogleImplicitAnswer,
  googleScopeFlags,
  googleTokenFromGrant,
  googleTokenNeedsRefresh,
  idTokenClaims,
  type IdTokenExpectation,
  takeGoogleAnswer,
} from './providers/google/google-auth.js';
export * from './providers/wordpress/constants.js';
export {
  WordPressAuthError,
  WordPressClient,
  type WordPressClientOptions,
  WordPressError,
  type WordPressMe,
  type WordPressPost,
} from './providers/wordpress/wordpress-client.js';
export {
  isWordPressLocation,
  readWordPressForm,
  WordPressFieldError,
  type WordPressFields,
  type WordPressForm,
} from './providers/wordpress/wordpress-fields.js';
export {
  createWordPressPublisher,
  wordpressPostBody,
  type WordPressPublisherOptions,
} from './providers/wordpress/wordpress-publisher.js';
export {
  readWordPressFragment,
  type WordPressGrant,
  type WordPressToken,
  wordpressToken,
  WORDPRESS_TOKEN_MARGIN_MS,
  wordpressTokenExpired,
} from './providers/wordpress/wordpress-token.js';
export {
  type ImageBed,
  type ImageFile,
  type ImagePathContext,
  type ImageStorageChoice,
  type ImageStorageType,
  type UploadedImage,
  DEFAULT_REPOSITORY_IMAGE_PATH,
  DEFAULT_WORKSPACE_IMAGE_PATH,
  NO_IMAGE_BED,
  expandImagePath,
} from './images/image-bed.js';
export * from './images/image-bed-constants.js';
export { type MultipartBody, multipartBody } from './images/multipart.js';
export {
  type SmmsAccount,
  type SmmsClientOptions,
  type SmmsForm,
  SmmsClient,
  SmmsFieldError,
  readSmmsForm,
} from './images/smms-bed.js';
export {
  type CustomBedAccount,
  type CustomBedForm,
  CustomBedFieldError,
  CustomImageBed,
  jsonObjectEntries,
  readCustomBedForm,
  resultPathKeys,
  valueAtPath,
} from './images/custom-bed.js';
export {
  type GiteaImageStorage,
  type GithubImageStorage,
  type ImageRepositoryForm,
  GiteaImageBed,
  GithubImageBed,
  ImageRepositoryFieldError,
  NAME_ATTEMPTS,
  checkGiteaRepositoryPublic,
  checkGithubRepositoryPublic,
  imageFilePath,
  numberedName,
  readGiteaImageRepositoryForm,
  readGithubImageRepositoryForm,
} from './images/repository-bed.js';
export {
  type ImagePlace,
  type OfferedImage,
  type TextChange,
  DEFAULT_MAX_IMAGE_SIZE,
  NOT_AN_IMAGE,
  applyChanges,
  failedAlt,
  formatBytes,
  imageFileName,
  imageMarkdown,
  imagePlace,
  imageTooLarge,
  placeholderChanges,
  placeholderMarkdown,
  placeholderPaths,
  refuseImage,
  uploadingAlt,
  workspacePathOf,
} from './images/editor-images.js';
export { ServiceError } from './providers/service-error.js';
export * from './chat/chat-assistant.js';
export {
  allBadges,
  type Badge,
  badgeCount,
  type BadgeCreations,
  type Feature,
  FEATURES,
  leafFeature,
  newlyEarned,
  toBadges,
} from './badges/features.js';
