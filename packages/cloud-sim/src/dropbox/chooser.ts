import type { Reply } from '../errors.js';
import { cookies, formFields, type SimRequest } from '../request.js';
import type { DropboxAccounts, DropboxUser } from './accounts.js';
import { DROPBOX_SESSION_COOKIE } from './oauth.js';
import type { DropboxStore } from './store.js';
import { escape, html } from '../html-page.js';

/**
 * A stand-in for Dropbox's Chooser drop-in, built from Dropbox's "Chooser" documentation: the
 * script `dropins.js` (at Dropbox's path) defines `window.Dropbox.choose(options)`, which opens
 * a window listing the files of the browser's Dropbox account (the account signed in on the
 * sim's authorize page, or signed in here), and answers `success(files)` with the files chosen
 * (`id`, `name`, `bytes`, `isDir`; `icon` and `link` empty: it makes no links) or `cancel()` when the window is closed.
 * Its window is a plain page a test drives by role and name; it makes no claim about how
 * Dropbox's own Chooser looks.
 */
export const DROPINS_PATH = '/static/api/2/dropins.js';
/** The stand-in's chooser window. */
export const CHOOSER_PATH = '/chooser';
/** The message type the chooser window posts to the page that opened it. */
export const CHOOSER_MESSAGE = 'cloud-sim-dropbox-chooser';

/** The drop-in script: `Dropbox.choose`, `Dropbox.appKey`, `Dropbox.isBrowserSupported`. */
const DROPINS_SCRIPT = `(function () {
  var script = document.currentScript || document.getElementById('dropboxjs');
  var origin = new URL(script.src).origin;
  var appKey = script.getAttribute('data-app-key') || '';
  function choose(options) {
    var query = new URLSearchParams({
      app_key: appKey,
      multiselect: options.multiselect ? 'true' : 'false',
      folderselect: options.folderselect ? 'true' : 'false',
      link_type: options.linkType || 'preview',
      extensions: (options.extensions || []).join(' '),
    });
    var popup = window.open(origin + '${CHOOSER_PATH}?' + query.toString(), 'dropbox-chooser', 'width=640,height=520');
    var done = false;
    function finish(files) {
      if (done) return;
      done = true;
      window.removeEventListener('message', listen);
      clearInterval(watch);
      if (files) { if (options.success) options.success(files); }
      else if (options.cancel) options.cancel();
    }
    function listen(event) {
      if (event.origin !== origin || !event.data || event.data.type !== '${CHOOSER_MESSAGE}') return;
      finish(event.data.cancel ? undefined : event.data.files);
    }
    window.addEventListener('message', listen);
    var watch = setInterval(function () { if (!popup || popup.closed) finish(undefined); }, 500);
  }
  window.Dropbox = {
    appKey: appKey,
    choose: choose,
    isBrowserSupported: function () { return true; },
  };
})();
`;

/** The Chooser's file object (documentation: id, name, link, bytes, icon, isDir). */
interface ChooserFile {
  id: string;
  name: string;
  link: string;
  bytes: number;
  icon: string;
  isDir: boolean;
}

/** The stand-in drop-in's script and window. */
export class DropboxChooserRoutes {
  constructor(
    readonly accounts: DropboxAccounts,
    readonly store: DropboxStore,
  ) {}

  static handles(pathname: string) {
    return pathname === DROPINS_PATH || pathname === CHOOSER_PATH;
  }

  answer(request: SimRequest): Reply | undefined {
    if (request.url.pathname === DROPINS_PATH && request.method === 'GET') {
      return {
        status: 200,
        raw: Buffer.from(DROPINS_SCRIPT),
        contentType: 'text/javascript; charset=utf-8',
      };
    }
    if (request.url.pathname !== CHOOSER_PATH) return undefined;
    const params = request.method === 'POST' ? formFields(request) : request.url.searchParams;
    const app = this.accounts.app(params.get('app_key'));
    if (!app) return html(400, page('Dropbox Chooser', '<p role="alert">Invalid app key.</p>'));
    if (request.method === 'POST') {
      const email = params.get('email') ?? '';
      const user = this.accounts.byEmail(email);
      if (!user) return html(200, signInPage(params, 'Invalid email or password'));
      const headers = {
        'set-cookie': `${DROPBOX_SESSION_COOKIE}=${encodeURIComponent(user.email)}; Path=/; HttpOnly; SameSite=Lax`,
      };
      return html(200, this.#list(user, params), headers);
    }
    const remembered = cookies(request).get(DROPBOX_SESSION_COOKIE) ?? '';
    const user = remembered ? this.accounts.byEmail(remembered) : undefined;
    if (!user) return html(200, signInPage(params));
    return html(200, this.#list(user, params));
  }

  /** The files of the user's Dropbox the options allow, to tick and choose. */
  #list(user: DropboxUser, params: URLSearchParams) {
    const extensions = (params.get('extensions') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((extension) => extension.toLowerCase());
    const multiselect = params.get('multiselect') === 'true';
    const files: (ChooserFile & { path: string })[] = this.store
      .under(user.accountId, '', true)
      .filter((entry) => entry.kind === 'file' && !entry.deletedAt)
      .filter(
        (entry) =>
          extensions.length === 0 ||
          extensions.some((extension) => entry.pathDisplay.toLowerCase().endsWith(extension)),
      )
      .map((entry) => {
        const name = entry.pathDisplay.slice(entry.pathDisplay.lastIndexOf('/') + 1);
        return {
          id: entry.id,
          name,
          path: entry.pathDisplay,
          // The stand-in makes no shared or direct links: the field is there, empty.
          link: '',
          bytes: entry.revisions.at(-1)?.content.length ?? 0,
          icon: '',
          isDir: false,
        };
      });
    const type = multiselect ? 'checkbox' : 'radio';
    const rows = files
      .map(
        (file, index) =>
          `<li><label><input type="${type}" name="file" value="${index}"> ${escape(file.path)}</label></li>`,
      )
      .join('\n');
    const data = JSON.stringify(files.map(({ path: _path, ...file }) => file)).replace(
      /</g,
      '\\u003c',
    );
    return page(
      'Dropbox Chooser',
      `<h1>Choose from Dropbox</h1>
      <p>Signed in as ${escape(user.email)}</p>
      ${files.length === 0 ? '<p>No files to choose.</p>' : `<ul>${rows}</ul>`}
      <button type="button" id="choose">Choose</button>
      <button type="button" id="cancel">Cancel</button>
      <script>
        var files = ${data};
        function post(message) {
          if (window.opener) window.opener.postMessage(Object.assign({ type: '${CHOOSER_MESSAGE}' }, message), '*');
          window.close();
        }
        document.getElementById('choose').addEventListener('click', function () {
          var ticked = Array.prototype.slice.call(document.querySelectorAll('input[name=file]:checked'));
          post({ files: ticked.map(function (box) { return files[Number(box.value)]; }) });
        });
        document.getElementById('cancel').addEventListener('click', function () { post({ cancel: true }); });
      </script>`,
    );
  }
}

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escape(title)} (cloud-sim)</title></head>
  <body><main>${body}</main></body>
</html>
`;
}

/** Sign-in before the list, when the browser has no Dropbox account yet. */
function signInPage(params: URLSearchParams, message?: string) {
  const hidden = [...params]
    .filter(([name]) => name !== 'email')
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n      ');
  return page(
    'Dropbox Chooser',
    `<h1>Sign in to Dropbox</h1>
      ${message ? `<p role="alert">${escape(message)}</p>` : ''}
      <form method="post" action="${CHOOSER_PATH}">
      ${hidden}
      <label>Email <input type="email" name="email" autocomplete="username"></label>
      <button type="submit">Sign in</button>
      </form>`,
  );
}
