'use client';

import { type ComponentType, useEffect, useRef, useSyncExternalStore } from 'react';
import { type ModalType } from '../../services/modals';
import { useAppServices } from '../app-context';
import { GithubAccountDialog } from '../../providers/github/github-account-dialog';
import { GithubWorkspaceDialog } from '../../providers/github/workspace-dialog';
import { ForgeWorkspaceDialog } from '../../providers/forges/forge-workspace-dialog';
import { GithubFileLocationDialog } from '../../providers/github/file-location-dialog';
import { GistLocationDialog } from '../../providers/github/gist-location-dialog';
import { ForgeFileLocationDialog } from '../../providers/forges/forge-file-location-dialog';
import { GiteeAccountDialog } from '../../providers/forges/gitee-account-dialog';
import {
  DropboxAccountDialog,
  DropboxLocationDialog,
} from '../../providers/dropbox/dropbox-dialogs';
import { WordPressLocationDialog } from '../../providers/wordpress/wordpress-dialogs';
import {
  ZendeskAccountDialog,
  ZendeskPublishDialog,
} from '../../providers/zendesk/zendesk-dialogs';
import {
  CustomImageBedDialog,
  ImageRepositoryDialog,
  SmmsAccountDialog,
} from '../../providers/image-beds/image-bed-dialogs';
import { GoogleDriveAccountDialog } from '../../providers/google/google-drive-account-dialog';
import { SelfHostedAccountDialog } from '../../providers/forges/self-hosted-account-dialog';
import { BloggerLocationDialog } from '../../providers/blogger/blogger-location-dialog';
import {
  DriveLocationDialog,
  DriveWorkspaceDialog,
} from '../../providers/google-drive/drive-dialogs';
import {
  PublishManagementDialog,
  SyncManagementDialog,
} from '../../providers/github/location-management-dialog';
import { AboutDialog } from './about-dialog';
import { AccountManagementDialog } from './account-management-dialog';
import { CommitMessageDialog } from './commit-message-dialog';
import { StackeditLayoutDialog } from './stackedit-layout-dialog';
import { WorkspaceImagePathDialog } from './workspace-image-path-dialog';
import { ChatGptConfigDialog, ChatGptDialog } from '../../chat/chat-dialogs';
import { ConfirmationDialog } from './confirmation-dialog';
import { ConflictsDialog } from './conflicts-dialog';
import { CouchdbCredentialsDialog, CouchdbWorkspaceDialog } from './couchdb-dialogs';
import { type DialogProps } from './dialog-props';
import { FilePropertiesDialog } from './file-properties-dialog';
import { HtmlExportDialog } from './html-export-dialog';
import { ImportReportDialog } from './import-report-dialog';
import { PandocExportDialog } from './pandoc-export-dialog';
import { PdfExportDialog } from './pdf-export-dialog';
import { ImageDialog, LinkDialog } from './link-dialogs';
import { SettingsDialog } from './settings-dialog';
import { TemplatesDialog } from './templates-dialog';
import { SponsorDialog } from '../../sponsorship/sponsor-dialog';
import { BadgeManagementDialog } from '../../badges/badge-dialog';
import { WorkspaceManagementDialog } from './workspace-management-dialog';

/** Every dialog of the modal stack, by type name. */
const DIALOGS: { [K in ModalType]: ComponentType<DialogProps<K>> } = {
  fileProperties: FilePropertiesDialog,
  settings: SettingsDialog,
  about: AboutDialog,
  templates: TemplatesDialog,
  htmlExport: HtmlExportDialog,
  pdfExport: PdfExportDialog,
  pandocExport: PandocExportDialog,
  confirmation: ConfirmationDialog,
  link: LinkDialog,
  image: ImageDialog,
  workspaceManagement: WorkspaceManagementDialog,
  workspaceImgPath: WorkspaceImagePathDialog,
  conflicts: ConflictsDialog,
  couchdbWorkspace: CouchdbWorkspaceDialog,
  couchdbCredentials: CouchdbCredentialsDialog,
  importReport: ImportReportDialog,
  githubWorkspace: GithubWorkspaceDialog,
  forgeWorkspace: ForgeWorkspaceDialog,
  commitMessage: CommitMessageDialog,
  stackeditLayout: StackeditLayoutDialog,
  githubFileLocation: GithubFileLocationDialog,
  gistLocation: GistLocationDialog,
  forgeFileLocation: ForgeFileLocationDialog,
  bloggerLocation: BloggerLocationDialog,
  syncManagement: SyncManagementDialog,
  publishManagement: PublishManagementDialog,
  githubAccount: GithubAccountDialog,
  selfHostedAccount: SelfHostedAccountDialog,
  giteeAccount: GiteeAccountDialog,
  accountManagement: AccountManagementDialog,
  googleDriveLocation: DriveLocationDialog,
  googleDriveWorkspace: DriveWorkspaceDialog,
  googleDriveAccount: GoogleDriveAccountDialog,
  dropboxAccount: DropboxAccountDialog,
  dropboxLocation: DropboxLocationDialog,
  wordpressLocation: WordPressLocationDialog,
  zendeskAccount: ZendeskAccountDialog,
  zendeskPublish: ZendeskPublishDialog,
  smmsAccount: SmmsAccountDialog,
  customImageBed: CustomImageBedDialog,
  imageRepository: ImageRepositoryDialog,
  chatGpt: ChatGptDialog,
  chatGptConfig: ChatGptConfigDialog,
  sponsor: SponsorDialog,
  badgeManagement: BadgeManagementDialog,
};

/** The dialog on top of the modal stack, if any. When the last one closes, the editor gets its
 * focus back (spec interface §2). */
export function Dialogs() {
  const { modals, editor } = useAppServices();
  const entries = useSyncExternalStore(
    modals.subscribe,
    () => modals.entries,
    () => modals.entries,
  );
  const top = modals.top;
  const wasOpen = useRef(false);

  useEffect(() => {
    if (entries.length === 0 && wasOpen.current) {
      requestAnimationFrame(() => editor.current?.view.focus());
    }
    wasOpen.current = entries.length > 0;
  }, [entries, editor]);

  if (!top) return null;
  const Dialog = DIALOGS[top.type] as ComponentType<DialogProps<ModalType>>;
  return (
    <Dialog
      key={top.id}
      props={top.props}
      resolve={(value) => modals.resolve(top.id, value)}
      reject={() => modals.reject(top.id)}
    />
  );
}
