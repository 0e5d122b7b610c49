import { createGist } from '@inkstone/core';
import { readGithubLoginToken } from '../../services/github-tokens';
import { browserGithubClient } from './publish-client';

/** Spec interface §8: sharing without a main-workspace login. */
export const SHARE_SIGN_IN_FIRST =
  'You can only use the sharing function after logging into the main workspace!';

/** Spec interface §8: after the share link was copied. */
export const SHARE_URL_COPIED = 'Share URL copied to clipboard!';

/** The share page's address for a gist: `/share.html?id={gistId}` beside the app. */
export const shareUrl = (gistId: string, appUrl: string) =>
  new URL(`share.html?id=${encodeURIComponent(gistId)}`, appUrl).href;

/** Shares `html` (a file exported through a template) as a secret gist of the signed-in
 * account and returns the share page's URL (spec interface §2 "Share"). Throws
 * {@link SHARE_SIGN_IN_FIRST} without a login token. */
export async function shareHtml(fileName: string, html: string, appUrl: string): Promise<string> {
  const token = await readGithubLoginToken();
  if (!token) throw new Error(SHARE_SIGN_IN_FIRST);
  const client = await browserGithubClient(token.accessToken);
  const gist = await createGist(client, {
    filename: `${fileName.replace(/[\\/]/g, '-') || 'shared'}.html`,
    content: html,
    isPublic: false,
    description: `${fileName} (shared with Inkstone)`,
  });
  return shareUrl(gist.id, appUrl);
}
