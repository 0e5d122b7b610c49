import { escape } from '../html-page.js';

/** What the account chooser shows. */
export interface AuthorizePage {
  appName: string;
  /** The query the page was opened with, posted back as hidden fields. */
  params: URLSearchParams;
  scopes: string[];
  /** The email filled in (the browser's last account, or `login_hint`). */
  email: string;
  /** A refusal to show above the form ('Couldn't find your Google Account'). */
  message?: string;
}

/**
 * Google's sign-in and consent page, reduced to a form a test fills by role and name: a heading
 * **Sign in to continue to {app}**, a text field **Email**, the scopes asked for, a button
 * **Continue** and a link **Cancel**.
 */
export function authorizePage(page: AuthorizePage): string {
  const hidden = [...page.params]
    .filter(([name]) => name !== 'email')
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n      ');
  const cancel = new URLSearchParams(page.params);
  cancel.set('cancel', '1');
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Sign in - Google Accounts (cloud-sim)</title></head>
  <body>
    <main>
      <h1>Sign in to continue to ${escape(page.appName)}</h1>
      ${page.message ? `<p role="alert">${escape(page.message)}</p>` : ''}
      <form method="post" action="/o/oauth2/v2/auth">
      ${hidden}
      <label>Email <input type="email" name="email" value="${escape(page.email)}" autocomplete="username"></label>
      <p>${escape(page.appName)} wants to:</p>
      <ul>${page.scopes.map((scope) => `<li>${escape(scope)}</li>`).join('')}</ul>
      <button type="submit">Continue</button>
      <a href="/o/oauth2/v2/auth?${escape(cancel.toString())}">Cancel</a>
      </form>
    </main>
  </body>
</html>
`;
}

/** Google's error page (no redirect), e.g. `Error 400: redirect_uri_mismatch`. */
export function errorPage(status: number, error: string, description: string) {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Error ${status}: ${escape(error)}</title></head>
  <body><main><h1>Access blocked: this app's request is invalid</h1>
  <p>${escape(description)}</p><p>Error ${status}: ${escape(error)}</p></main></body>
</html>
`;
}
