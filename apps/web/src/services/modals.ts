import type { CouchdbCredentials } from '@inkstone/core';
import type { RepoFolder } from '../providers/github/workspace-params';
import type {
  GistLocationRequest,
  GithubFileLocationRequest,
  LocationDialogProps,
} from '../providers/github/file-location-dialog-types';
import type { ImageDetails, LinkDetails } from '../editor/commands/insert-link';
import type { ConfirmationType } from './confirmations';
import type {
  SelfHostedAccountProps,
  SelfHostedAccountRequest,
} from '../providers/forges/self-hosted-account-types';
import type {
  ForgeFileLocationProps,
  ForgeFileLocationRequest,
} from '../providers/forges/forge-location-dialog-types';
import type { ImportReportProps } from './transfer';
import type { BloggerDialogProps } from '../providers/blogger/blogger-dialog-types';
import type { BloggerLocationRequest } from '../providers/blogger/blogger-locations';
import type {
  ForgeWorkspaceProps,
  ForgeWorkspaceRequest,
} from '../providers/forges/forge-workspace-types';
import type {
  DriveLocationDialogProps,
  DriveLocationRequest,
  DriveWorkspaceDialogProps,
  DriveWorkspaceRequest,
} from '../providers/google-drive/drive-dialog-types';
import type {
  DropboxLocationDialogProps,
  DropboxLocationRequest,
} from '../providers/dropbox/dropbox-dialog-types';
import type {
  WordPressDialogProps,
  WordPressLocationRequest,
} from '../providers/wordpress/wordpress-dialog-types';
import type {
  ZendeskPublishDialogProps,
  ZendeskPublishRequest,
} from '../providers/zendesk/zendesk-dialog-types';
import type { ZendeskToken } from '../providers/zendesk/zendesk-tokens';
import type { ChatConfig, CustomBedAccount, SmmsAccount } from '@inkstone/core';
import type { ImageRepositoryDialogProps } from '../providers/image-beds/image-bed-dialog-types';
import type { StoredImageStorage } from '../providers/image-beds/image-bed-tokens';

/**
 * The dialogs of spec interface §2 by their type names, each with what it is opened with
 * (`props`) and what it resolves to (`result`). A dialog that confirms nothing but closing
 * resolves to void.
 */
export interface ModalMap {
  fileProperties: { props: undefined; result: void };
  settings: { props: undefined; result: void };
  about: { props: undefined; result: void };
  /** Lists, adds, copies, renames, removes and edits the export templates. */
  templates: { props: undefined; result: void };
  /** Generates the current file with a template: copied or downloaded as HTML. */
  htmlExport: { props: undefined; result: void };
  pdfExport: { props: undefined; result: void };
  pandocExport: { props: undefined; result: void };
  confirmation: { props: { type: ConfirmationType; subject: string }; result: void };
  link: { props: undefined; result: LinkDetails };
  image: { props: undefined; result: ImageDetails };
  workspaceManagement: { props: undefined; result: void };
  /** The open workspace's image path template (spec interface §5, issue 30). */
  workspaceImgPath: { props: undefined; result: void };
  /** Shows the conflict blocks of the editor's text side by side, to keep one version or both. */
  conflicts: { props: undefined; result: void };
  /** Asks for a CouchDB database URL; resolves to it normalised (spec providers §5). */
  couchdbWorkspace: { props: undefined; result: string };
  /** Asks for the name and password of a CouchDB user for `dbUrl`. */
  couchdbCredentials: { props: { dbUrl: string }; result: CouchdbCredentials };
  /** Asks for a GitHub repository folder to open as a workspace (Repository URL under
   * `githubUrl`, Folder path, Branch: spec providers §2 and §5). */
  githubWorkspace: { props: { githubUrl: string }; result: RepoFolder };
  /** Asks for a GitLab, Gitea or Gitee repository folder to open as a workspace (Project or
   * Repository URL, Folder path, Branch, and the account when several: spec providers §2, §5). */
  forgeWorkspace: { props: ForgeWorkspaceProps; result: ForgeWorkspaceRequest };
  /** Asks for the commit message of a sync of a git workspace whose auto sync is off (spec
   * core §4 rule 7), `message` suggested; cancelled, the sync uploads nothing. */
  commitMessage: { props: { workspaceName: string; message: string }; result: string };
  /** Offers to convert a repository workspace's folder in StackEdit's layout to Inkstone's
   * (issue 33); cancelled, the repository is left as it is. */
  stackeditLayout: { props: { workspaceName: string }; result: 'convert' | 'keep' };
  /** After an import that skipped files: what was imported, and each file not imported with
   * the reason. */
  importReport: { props: ImportReportProps; result: void };
  /** Asks for a file of a GitHub repository: to sync with, to open, or to publish to (spec
   * providers §2: Repository URL, File path, Branch; Template when publishing). */
  githubFileLocation: {
    props: LocationDialogProps & { githubUrl: string };
    result: GithubFileLocationRequest;
  };
  /** Asks for a gist file: to sync with or to publish to (Filename, Public, Existing Gist ID;
   * Template when publishing). */
  gistLocation: { props: LocationDialogProps; result: GistLocationRequest };
  /** Asks for a file of a GitLab project or a Gitea or Gitee repository: to sync with, to open,
   * or to publish to (spec providers §2: Project URL or Repository URL, File path, Branch;
   * Template when publishing). */
  forgeFileLocation: { props: ForgeFileLocationProps; result: ForgeFileLocationRequest };
  /** Asks for a Blogger post or page to publish to (spec providers §2: Blog URL, Existing post
   * or page ID, Template), linking a Google account from its Ok when none can write to Blogger. */
  bloggerLocation: { props: BloggerDialogProps; result: BloggerLocationRequest };
  /** Lists the current file's sync locations: copy URL, remove. */
  syncManagement: { props: undefined; result: void };
  /** Lists the current file's publish locations: copy URL, remove. */
  publishManagement: { props: undefined; result: void };
  /** Links a GitHub account: whether to grant access to private repositories (repoFullAccess). */
  githubAccount: { props: undefined; result: { repoFullAccess: boolean } };
  /** Links a GitLab or Gitea account (spec providers §2): Server URL, Application ID and
   * Application Secret, unless the server supplies the application. */
  selfHostedAccount: { props: SelfHostedAccountProps; result: SelfHostedAccountRequest };
  /** Links a Gitee account: no fields, Ok opens Gitee's authorize window. */
  /** `signIn`: 'Sign in with Gitee' (the account becomes the login one), else 'Add Gitee
   * account'. */
  giteeAccount: { props: { signIn: boolean }; result: void };
  /** Lists the accounts linked in this browser, each with Remove access. */
  accountManagement: { props: undefined; result: void };
  sponsor: { props: undefined; result: void };
  badgeManagement: { props: undefined; result: void };
  /** Asks for a Google Drive file: to sync with (Folder ID, Existing file ID), to open (File
   * ID, or the picker) or to publish to (and Export Markdown or HTML, Template for HTML): spec
   * providers §2. Links a Google account with Drive access first when none is. */
  googleDriveLocation: { props: DriveLocationDialogProps; result: DriveLocationRequest };
  /** Asks for a Google Drive folder to open as a workspace (optional Folder ID: empty makes a
   * new one in the drive root), with an account holding full Drive access. */
  googleDriveWorkspace: { props: DriveWorkspaceDialogProps; result: DriveWorkspaceRequest };
  /** Links a Google account for Drive (spec providers §2 googleDriveAccount): the Restrict
   * access checkbox (drive.file instead of drive). */
  googleDriveAccount: { props: undefined; result: { restrictedAccess: boolean } };
  /** Links a Dropbox account (spec providers §2, cloud drive D): the restrictedAccess choice,
   * fixed when the server offers one of the two apps only. */
  dropboxAccount: {
    props: { restrictedAccess: boolean; offers: { full: boolean; restricted: boolean } };
    result: { restrictedAccess: boolean };
  };
  /** The Dropbox sync, open and publish dialogs (File path; Template to publish). */
  dropboxLocation: { props: DropboxLocationDialogProps; result: DropboxLocationRequest };
  /** "Publish to WordPress" (spec providers §2, site service W): Site domain, Existing post
   * ID, Template. */
  wordpressLocation: { props: WordPressDialogProps; result: WordPressLocationRequest };
  /** Links a Zendesk account (spec providers §2, help-centre Z): Site URL and Client Unique
   * Identifier, the OAuth redirect URL shown; Ok opens the help centre's authorize window. */
  zendeskAccount: { props: undefined; result: ZendeskToken };
  /** Publish to Zendesk: Section ID, Existing article ID, Locale, Template. */
  zendeskPublish: { props: ZendeskPublishDialogProps; result: ZendeskPublishRequest };
  /** Links an SM.MS account (spec providers §2): Cross domain proxy URL, Api Secret Token. */
  smmsAccount: { props: undefined; result: SmmsAccount };
  /** Adds a custom image bed (spec providers §2): its ID, upload URL, file parameter name,
   * headers and parameters as JSON, the result's dotted path. */
  customImageBed: { props: undefined; result: CustomBedAccount };
  /** Adds a public repository of a GitHub or Gitea account as an image bed. */
  imageRepository: { props: ImageRepositoryDialogProps; result: StoredImageStorage };
  /** The chat assistant: resolves with the answer to insert (spec interface §4). */
  chatGpt: { props: undefined; result: string };
  /** The chat assistant's apiKey and proxy address, kept in this browser. */
  chatGptConfig: { props: undefined; result: ChatConfig };
}

/** A dialog type name. */
export type ModalType = keyof ModalMap;

/** One open dialog on the stack. */
export interface ModalEntry<K extends ModalType = ModalType> {
  readonly id: number;
  readonly type: K;
  readonly props: ModalMap[K]['props'];
  /** Hidden while a promise it waits on is pending (see `hideUntil`). */
  readonly hidden: boolean;
}

/** Why a modal's promise was rejected: the user cancelled it (Cancel, Escape, the close
 * button), or another part of the app closed it. */
export class ModalCancelled extends Error {
  constructor() {
    super('The dialog was cancelled.');
    this.name = 'ModalCancelled';
  }
}

interface Pending {
  entry: ModalEntry;
  resolve(value: unknown): void;
  reject(reason: ModalCancelled): void;
}

/**
 * The modal stack (spec interface §2): opening a dialog pushes it and returns a promise that
 * its Ok resolves and its Cancel rejects; closing removes it. The top visible dialog is the one
 * shown. Framework-free: the React side reads `entries` through `subscribe`.
 */
export class ModalStack {
  private stack: Pending[] = [];
  private snapshot: readonly ModalEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private nextId = 1;

  /** Opens a dialog on top of the others. */
  open<K extends ModalType>(
    type: K,
    ...props: ModalMap[K]['props'] extends undefined ? [] : [ModalMap[K]['props']]
  ): Promise<ModalMap[K]['result']> {
    return new Promise((resolve, reject) => {
      const entry: ModalEntry = { id: this.nextId++, type, props: props[0], hidden: false };
      this.stack.push({ entry, resolve: resolve as (value: unknown) => void, reject });
      this.changed();
    });
  }

  /** Resolves the dialog `id` with `value` and removes it. */
  resolve(id: number, value?: unknown): void {
    this.remove(id)?.resolve(value);
  }

  /** Rejects the dialog `id` (cancelled) and removes it. */
  reject(id: number): void {
    this.remove(id)?.reject(new ModalCancelled());
  }

  /** Cancels every open dialog, top first. */
  rejectAll(): void {
    for (const pending of [...this.stack].reverse()) this.reject(pending.entry.id);
  }

  /** Hides the dialog `id` until `promise` settles (for example while another dialog it opened
   * is answered), then shows it again if it is still open. */
  hideUntil(id: number, promise: Promise<unknown>): void {
    this.setHidden(id, true);
    const show = () => this.setHidden(id, false);
    promise.then(show, show);
  }

  /** The open dialogs, bottom first. The same array until something changes. */
  get entries(): readonly ModalEntry[] {
    return this.snapshot;
  }

  /** The dialog shown: the top one that is not hidden. */
  get top(): ModalEntry | undefined {
    for (let i = this.snapshot.length - 1; i >= 0; i -= 1) {
      if (!this.snapshot[i]!.hidden) return this.snapshot[i];
    }
    return undefined;
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private remove(id: number): Pending | undefined {
    const index = this.stack.findIndex((pending) => pending.entry.id === id);
    if (index < 0) return undefined;
    const [pending] = this.stack.splice(index, 1);
    this.changed();
    return pending;
  }

  private setHidden(id: number, hidden: boolean): void {
    const pending = this.stack.find((p) => p.entry.id === id);
    if (!pending || pending.entry.hidden === hidden) return;
    pending.entry = { ...pending.entry, hidden };
    this.changed();
  }

  private changed(): void {
    this.snapshot = this.stack.map((pending) => pending.entry);
    for (const listener of this.listeners) listener();
  }
}

/** Whether `error` is a cancelled dialog rather than a failure. */
export function isCancelled(error: unknown): error is ModalCancelled {
  return error instanceof ModalCancelled;
}

/** For a dialog opened only for its own sake: a cancel is no failure. */
export function ignore(error: unknown): void {
  if (!isCancelled(error)) throw error;
}
