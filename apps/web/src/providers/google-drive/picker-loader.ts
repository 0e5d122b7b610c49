import { type DriveIdKind } from '@inkstone/core';
import {
  addBrowserScript,
  browserScriptClock,
  LoadOnce,
  type PageScript,
  type ScriptClock,
} from '../../services/script-loading';

/** Where Google's API loader lives; the picker is one of its modules. */
export const GOOGLE_API_SCRIPT = 'https://apis.google.com/js/api.js';

/** How long the picker may take to load (spec providers §9: picker time-out 30 s). */
export const PICKER_TIMEOUT_MS = 30_000;

/** Why the picker is not there, in the words the Choose buttons show. Each ends by saying what
 * to do instead: the ID fields stay usable. */
export const PICKER_UNAVAILABLE = {
  noApiKey:
    'Google’s file picker is not set up on this server (it has no Google API key). Type or paste the ID instead.',
  offline: 'Google’s file picker could not load (offline?). Type or paste the ID instead.',
  blocked:
    'Google’s file picker could not load (offline, or blocked by the browser or a network filter?). Type or paste the ID instead.',
  timeout: 'Google’s file picker did not load within 30 seconds. Type or paste the ID instead.',
} as const;

/** The parts of Google's picker API the app uses (google.picker, once `gapi.load('picker')`
 * has run). */
export interface GooglePickerApi {
  PickerBuilder: new () => PickerBuilder;
  DocsView: new (viewId?: string) => DocsView;
  ViewId: { DOCS: string; FOLDERS: string };
  Action: { PICKED: string; CANCEL: string };
}

interface DocsView {
  setIncludeFolders(on: boolean): DocsView;
  setSelectFolderEnabled(on: boolean): DocsView;
  setMimeTypes(types: string): DocsView;
  setParent?(id: string): DocsView;
}

interface PickerBuilder {
  addView(view: DocsView): PickerBuilder;
  setOAuthToken(token: string): PickerBuilder;
  setDeveloperKey(key: string): PickerBuilder;
  setCallback(callback: (data: PickerAnswer) => void): PickerBuilder;
  setTitle(title: string): PickerBuilder;
  build(): { setVisible(on: boolean): void };
}

/** What the picker calls back with. */
export interface PickerAnswer {
  action: string;
  docs?: { id: string; mimeType?: string; name?: string }[];
}

/** The page's parts the loader touches: given by the caller so that tests use fakes. */
export interface PickerPage extends ScriptClock {
  /** Adds a `<script>` element for `src` to the page and gives it. */
  addScript(src: string): PageScript;
  /** `window.gapi`, once the script has run. */
  gapi(): { load(module: string, options: GapiLoadOptions): void } | undefined;
  /** `window.google.picker`, once the picker module has loaded. */
  picker(): GooglePickerApi | undefined;
}

interface GapiLoadOptions {
  callback(): void;
  onerror(): void;
  timeout: number;
  ontimeout(): void;
}

/** The picker, or why it is not there. */
export type PickerAvailability = { ok: true; api: GooglePickerApi } | { ok: false; reason: string };

/** The browser's page. */
export function browserPickerPage(): PickerPage {
  const scope = window as unknown as {
    gapi?: ReturnType<PickerPage['gapi']>;
    google?: { picker?: GooglePickerApi };
  };
  return {
    ...browserScriptClock(),
    addScript: (src) => addBrowserScript(src),
    gapi: () => scope.gapi,
    picker: () => scope.google?.picker,
  };
}

/**
 * Loads Google's picker on demand (spec providers §8: the picker script is loaded when first
 * needed; §9: time-out 30 s): Google's API loader, then its picker module. Resolves, never
 * rejects: with the picker, or with why it cannot be had (no API key in `/conf`, offline, the
 * script refused or blocked, 30 s gone) in words the dialogs show. A loaded picker is kept for
 * the page; a failure is not, so the next Choose tries again.
 */
export class PickerLoader {
  private readonly once = new LoadOnce<PickerAvailability>();

  constructor(private readonly page: PickerPage) {}

  load(apiKey: string): Promise<PickerAvailability> {
    if (apiKey.trim() === '')
      return Promise.resolve({ ok: false, reason: PICKER_UNAVAILABLE.noApiKey });
    return this.once.load(() => this.fetch());
  }

  private fetch(): Promise<PickerAvailability> {
    const { page } = this;
    if (!page.onLine()) return Promise.resolve({ ok: false, reason: PICKER_UNAVAILABLE.offline });
    const ready = page.picker();
    if (ready) return Promise.resolve({ ok: true, api: ready });
    return new Promise((resolve) => {
      let done = false;
      // Google's loader, added unless an earlier page part already has it.
      const script: PageScript | undefined = page.gapi()
        ? undefined
        : page.addScript(GOOGLE_API_SCRIPT);
      const finish = (answer: PickerAvailability) => {
        if (done) return;
        done = true;
        page.clearTimeout(timer);
        // A script that failed is taken away, so that the next try adds a fresh one.
        if (!answer.ok) script?.remove();
        resolve(answer);
      };
      const failed = () =>
        finish({
          ok: false,
          reason: page.onLine() ? PICKER_UNAVAILABLE.blocked : PICKER_UNAVAILABLE.offline,
        });
      const timer = page.setTimeout(
        () => finish({ ok: false, reason: PICKER_UNAVAILABLE.timeout }),
        PICKER_TIMEOUT_MS,
      );
      const loadPicker = () => {
        const gapi = page.gapi();
        if (!gapi) {
          failed();
          return;
        }
        gapi.load('picker', {
          callback: () => {
            const api = page.picker();
            if (api) finish({ ok: true, api });
            else failed();
          },
          onerror: failed,
          timeout: PICKER_TIMEOUT_MS,
          ontimeout: () => finish({ ok: false, reason: PICKER_UNAVAILABLE.timeout }),
        });
      };
      if (!script) {
        loadPicker();
        return;
      }
      script.addEventListener('load', loadPicker);
      script.addEventListener('error', failed);
    });
  }
}

const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';

/**
 * Shows the picker for a folder or a file of the account whose access token is given, and
 * gives the id chosen, or undefined when the user closed it. The token is handed to the
 * picker's frame by Google's own script, never put in a URL of ours.
 */
export function pickDriveItem(
  api: GooglePickerApi,
  kind: DriveIdKind,
  options: { accessToken: string; apiKey: string },
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const view =
      kind === 'folder'
        ? new api.DocsView(api.ViewId.FOLDERS)
            .setIncludeFolders(true)
            .setSelectFolderEnabled(true)
            .setMimeTypes(FOLDER_MIME_TYPE)
        : new api.DocsView(api.ViewId.DOCS).setIncludeFolders(true).setSelectFolderEnabled(false);
    new api.PickerBuilder()
      .addView(view)
      .setOAuthToken(options.accessToken)
      .setDeveloperKey(options.apiKey)
      .setTitle(kind === 'folder' ? 'Choose a Google Drive folder' : 'Choose a Google Drive file')
      .setCallback((answer) => {
        if (answer.action === api.Action.PICKED) resolve(answer.docs?.[0]?.id);
        else if (answer.action === api.Action.CANCEL) resolve(undefined);
      })
      .build()
      .setVisible(true);
  });
}

let shared: PickerLoader | undefined;

/** The page's one loader (the picker loads once per page). */
export function pickerLoader(): PickerLoader {
  shared ??= new PickerLoader(browserPickerPage());
  return shared;
}
