import {
  addPublishLocation,
  BloggerClient,
  type BloggerFields,
  type BloggerKind,
  BLOGGER_PROVIDER_IDS,
  createBloggerPublisher,
  GOOGLE_SCOPE,
  googleEndpoints,
  type GoogleToken,
  holdsScopes,
  type HttpClient,
  type Publisher,
  readBloggerForm,
} from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { browserHttpClient } from '../../services/browser-http';
import { isCancelled } from '../../services/modals';
import { type AppStore } from '../../store';
import { googleAccounts, type GoogleAccountsPort } from '../google/google-accounts-port';

/** The dialogs' titles (spec providers §2: a post dialog, and a separate one for pages). */
export const BLOGGER_DIALOG_TITLES: Readonly<Record<BloggerKind, string>> = {
  post: 'Publish to Blogger',
  page: 'Publish to Blogger Page',
};

/** The Google account that publishes to Blogger: the first linked one holding the `blogger`
 * scope, if any. */
export function bloggerAccount(accounts: readonly GoogleToken[]): GoogleToken | undefined {
  return accounts.find((token) => holdsScopes(token, [GOOGLE_SCOPE.blogger]));
}

/** What a Blogger dialog resolves to: the location's fields, its template and account. */
export interface BloggerLocationRequest {
  fields: BloggerFields;
  templateId: string;
  sub: string;
}

/** What the Blogger dialog was given and what its Ok is answered with. */
export interface BloggerDialogForm {
  blogUrl: string;
  itemId: string;
  templateId: string;
}

/**
 * The Blogger dialog's Ok: checks the form (spec providers §5 "Blog: blogUrl required"), then,
 * when no linked Google account holds the `blogger` scope, links one (Google's popup: this runs
 * in the Ok click's handler). Rejects with core's BloggerFieldError for a field, or with the
 * linking's error; the form is the caller's and stays as typed.
 */
export async function submitBloggerForm(
  form: BloggerDialogForm,
  kind: BloggerKind,
  account: Pick<GoogleToken, 'sub'> | undefined,
  accounts: Pick<GoogleAccountsPort, 'link'>,
): Promise<BloggerLocationRequest> {
  const fields = readBloggerForm({ blogUrl: form.blogUrl, itemId: form.itemId }, kind);
  const sub = account?.sub ?? (await accounts.link({ blogger: true })).sub;
  return { fields, templateId: form.templateId, sub };
}

/** The Blogger publishers by provider id (a post and a page), each writing with the Google
 * account its location names, Google answering on `googleUrl` (empty: Google itself). */
export function bloggerPublishers(
  googleUrl: string,
  http: HttpClient = browserHttpClient(),
  accounts: () => Pick<GoogleAccountsPort, 'fresh'> = googleAccounts,
): Record<string, Publisher> {
  const endpoints = googleEndpoints(googleUrl);
  const publisher = createBloggerPublisher({
    clientFor: (sub) => new BloggerClient({ http, endpoints, freshToken: accounts().fresh, sub }),
  });
  return { [BLOGGER_PROVIDER_IDS.post]: publisher, [BLOGGER_PROVIDER_IDS.page]: publisher };
}

/**
 * "Publish to Blogger" and "Publish to Blogger Page" (spec providers §2): the dialog (Blog URL
 * from the `bloggerBlogUrl` setting, the Existing post or page ID, the Template), a Google
 * account linked from its Ok when none holds the blogger scope, then the publish location added
 * to the current file and the Blog URL remembered. Resolves to the spec's notice, or undefined
 * when cancelled.
 */
export async function addBloggerPublish(
  services: AppServices,
  store: AppStore,
  kind: BloggerKind,
  templates: { id: string; name: string }[],
): Promise<string | undefined> {
  const fileId = store.getState().workspace.currentFileId;
  if (!fileId) throw new Error('No file is open.');
  const account = bloggerAccount(await googleAccounts().list());
  let request: BloggerLocationRequest;
  try {
    request = await services.modals.open('bloggerLocation', {
      kind,
      blogUrl: store.getState().localSettings.bloggerBlogUrl,
      templates,
      account: account && { sub: account.sub, name: account.name },
    });
  } catch (error) {
    if (isCancelled(error)) return undefined;
    throw error;
  }
  await services.workspace.saveLocalSettings({ bloggerBlogUrl: request.fields.blogUrl });
  const { message } = await addPublishLocation(
    services.workspace.repo,
    fileId,
    {
      providerId: BLOGGER_PROVIDER_IDS[kind],
      templateId: request.templateId,
      fields: { ...request.fields, sub: request.sub },
    },
    services.workspace.newId,
  );
  return message;
}
