import {
  addBrowserScript,
  browserScriptClock,
  LoadOnce,
  type PageScript,
  type ScriptClock,
} from '../../services/script-loading';
/** Dropbox's Chooser drop-in (its "Chooser" documentation): the script, loaded on demand. */
export const DROPBOX_CHOOSER_SCRIPT = 'https://www.dropbox.com/static/api/2/dropins.js';

/** The Chooser's script: Dropbox's own, or the same path on `/conf`'s dropboxUrl when that
 * stands in for Dropbox's hosts (cloud-sim serves a stand-in `dropins.js` there). */
export function dropboxChooserScript(dropboxUrl: string): string {
  const base = dropboxUrl.replace(/\/+$/, '');
  return base ? `${base}${new URL(DROPBOX_CHOOSER_SCRIPT).pathname}` : DROPBOX_CHOOSER_SCRIPT;
}

/** How long the Chooser's script may take to load before the typed path is offered instead. */
export const CHOOSER_TIMEOUT_MS = 10_000;

/** Why the Chooser is not there, in the words the dialog shows; each ends by saying what to do
 * instead: the typed path stays usable. */
export const CHOOSER_UNAVAILABLE = {
  noAppKey:
    'Dropbox’s chooser is not set up on this server (it has no full-Dropbox app key). Type the path instead.',
  restricted:
    'Dropbox’s chooser shows the whole Dropbox, which this account restricted to its app folder cannot open. Type the path instead.',
  offline: 'Dropbox’s chooser could not load (offline?). Type the path instead.',
  blocked:
    'Dropbox’s chooser could not load (offline, or blocked by the browser or a network filter?). Type the path instead.',
  timeout: 'Dropbox’s chooser did not load within 10 seconds. Type the path instead.',
} as const;

/** A file the Chooser gives (the fields the app reads; `id` is `id:…`, which Dropbox's
 * files/download takes as a path). */
export interface ChosenDropboxFile {
  id: string;
  name: string;
}

/** The options of `Dropbox.choose` the app uses (Chooser documentation). */
export interface ChooserOptions {
  success(files: ChosenDropboxFile[]): void;
  cancel(): void;
  linkType: 'preview' | 'direct';
  multiselect: boolean;
  extensions: string[];
  folderselect: boolean;
}

/** `window.Dropbox` once the drop-in has run. */
export interface DropboxDropins {
  choose(options: ChooserOptions): void;
}

/** The page's parts the loader touches: given by the caller so that tests use fakes. */
export interface ChooserPage extends ScriptClock {
  /** Adds the drop-in's `<script id="dropboxjs" data-app-key=…>` and gives it. */
  addScript(src: string, appKey: string): PageScript;
  /** `window.Dropbox`, once the script has run. */
  dropins(): DropboxDropins | undefined;
}

/** The Chooser, or why it is not there. */
export type ChooserAvailability =
  { ok: true; dropins: DropboxDropins } | { ok: false; reason: string };

/** The browser's page. */
export function browserChooserPage(): ChooserPage {
  const scope = window as unknown as { Dropbox?: DropboxDropins };
  return {
    ...browserScriptClock(),
    addScript: (src, appKey) => addBrowserScript(src, { id: 'dropboxjs', data: { appKey } }),
    dropins: () => (typeof scope.Dropbox?.choose === 'function' ? scope.Dropbox : undefined),
  };
}

/**
 * Loads Dropbox's Chooser on demand (spec providers §7: "the chooser script is loaded on
 * demand"). Resolves, never rejects: with the Chooser, or with why it cannot be had (no
 * full-Dropbox app key, offline, the script refused or blocked, 10 s gone) in words the dialog
 * shows. A loaded Chooser is kept for the page; a failure is not, so the next try loads again.
 */
export class ChooserLoader {
  private readonly once = new LoadOnce<ChooserAvailability>();

  constructor(private readonly page: ChooserPage) {}

  load(appKey: string, src: string = DROPBOX_CHOOSER_SCRIPT): Promise<ChooserAvailability> {
    if (appKey.trim() === '')
      return Promise.resolve({ ok: false, reason: CHOOSER_UNAVAILABLE.noAppKey });
    return this.once.load(() => this.fetch(appKey, src));
  }

  private fetch(appKey: string, src: string): Promise<ChooserAvailability> {
    const { page } = this;
    if (!page.onLine()) return Promise.resolve({ ok: false, reason: CHOOSER_UNAVAILABLE.offline });
    const ready = page.dropins();
    if (ready) return Promise.resolve({ ok: true, dropins: ready });
    return new Promise((resolve) => {
      let done = false;
      const script = page.addScript(src, appKey);
      const finish = (answer: ChooserAvailability) => {
        if (done) return;
        done = true;
        page.clearTimeout(timer);
        // A script that failed is taken away, so that the next try adds a fresh one.
        if (!answer.ok) script.remove();
        resolve(answer);
      };
      const failed = () =>
        finish({
          ok: false,
          reason: page.onLine() ? CHOOSER_UNAVAILABLE.blocked : CHOOSER_UNAVAILABLE.offline,
        });
      const timer = page.setTimeout(
        () => finish({ ok: false, reason: CHOOSER_UNAVAILABLE.timeout }),
        CHOOSER_TIMEOUT_MS,
      );
      script.addEventListener('load', () => {
        const dropins = page.dropins();
        if (dropins) finish({ ok: true, dropins });
        else failed();
      });
      script.addEventListener('error', failed);
    });
  }
}

/** What the Chooser offers: text files, several at once (spec: multiselect, direct links). */
export const CHOOSER_EXTENSIONS = ['.md', '.markdown', '.txt', '.text'];

/** Shows the Chooser; gives the files chosen, or undefined when the user closed it. */
export function chooseDropboxFiles(
  dropins: DropboxDropins,
): Promise<ChosenDropboxFile[] | undefined> {
  return new Promise((resolve) => {
    dropins.choose({
      success: (files) => resolve(files.map(({ id, name }) => ({ id, name }))),
      cancel: () => resolve(undefined),
      linkType: 'direct',
      multiselect: true,
      extensions: CHOOSER_EXTENSIONS,
      folderselect: false,
    });
  });
}

let browserLoader: ChooserLoader | undefined;

/** The page's one loader (made on first use). */
export function dropboxChooserLoader(): ChooserLoader {
  browserLoader ??= new ChooserLoader(browserChooserPage());
  return browserLoader;
}
