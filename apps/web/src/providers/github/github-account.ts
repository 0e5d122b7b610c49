import {
  accountNotExpected,
  GITHUB_NAME,
  type GithubClient,
  type GithubToken,
  githubScopes,
} from '@inkstone/core';

/** Who a GitHub token belongs to (`GET /user`), and the scopes GitHub says it carries. */
export interface GithubIdentity {
  /** The numeric user id, as a string. */
  sub: string;
  /** The login. */
  name: string;
  avatarUrl?: string;
  /** From `X-OAuth-Scopes`; undefined when GitHub (or a stand-in) does not send it. */
  scopes?: string[];
}

/** What the product server's token exchange needs: the server (the app's own origin) and fetch. */
export interface ServerPort {
  fetch: typeof fetch;
  /** The server's base URL, the app's own origin by default. */
  base?: string;
}

/** Exchanges an authorisation code for an access token through the product server
 * (`GET /oauth2/githubToken?clientId&code`, spec core §7), which holds the client secret. The
 * server's answer is the token as text; a refusal carries its message. */
export async function exchangeGithubCode(
  code: string,
  clientId: string,
  { fetch: send, base = window.location.href }: ServerPort,
): Promise<string> {
  const url = new URL('oauth2/githubToken', base);
  url.searchParams.set('clientId', clientId);
  url.searchParams.set('code', code);
  let response: Response;
  try {
    response = await send(url.href, { cache: 'no-store' });
  } catch {
    throw new Error('Network request failed.');
  }
  const text = await response.text();
  if (!response.ok) {
    let message = `HTTP error ${response.status}.`;
    try {
      const answer = JSON.parse(text) as { message?: unknown };
      if (typeof answer.message === 'string' && answer.message !== '') message = answer.message;
    } catch {
      // Not JSON: the status says it.
    }
    throw new Error(message);
  }
  const token = text.trim();
  if (token === '' || /\s/.test(token)) throw new Error('Could not get required authorization.');
  return token;
}

/** Asks GitHub whose token `client` carries (`GET /user`). */
export async function readGithubIdentity(client: GithubClient): Promise<GithubIdentity> {
  const { body, headers } = await client.getWithHeaders<{
    id?: unknown;
    login?: unknown;
    avatar_url?: unknown;
  }>('/user');
  if (typeof body?.id !== 'number' || typeof body.login !== 'string') {
    throw new Error(`${GITHUB_NAME} did not say who the account is.`);
  }
  const scopeHeader = headers.get('x-oauth-scopes');
  return {
    sub: String(body.id),
    name: body.login,
    ...(typeof body.avatar_url === 'string' && body.avatar_url !== ''
      ? { avatarUrl: body.avatar_url }
      : {}),
    ...(scopeHeader === null
      ? {}
      : {
          scopes: scopeHeader
            .split(',')
            .map((scope) => scope.trim())
            .filter(Boolean),
        }),
  };
}

/** What {@link githubTokenFor} builds a token from. */
export interface LinkRequest {
  accessToken: string;
  identity: GithubIdentity;
  /** Whether the user asked for private repositories (the `repo` scope). */
  repoFullAccess: boolean;
  /** The account this link is for (signing in again for a workspace's account); another one is
   * refused with 'GitHub account ID not expected.'. */
  expectedSub?: string;
  /** Whether this account signs the user in (the main workspace's account). */
  isLogin: boolean;
  /** The same account as already linked, if it is: its login flag and sponsorship are kept. */
  previous?: GithubToken;
}

/** The token to store for a finished authorisation (spec core §3 "Tokens", §5 "OAuth"). */
export function githubTokenFor(request: LinkRequest): GithubToken {
  const { identity, previous } = request;
  if (request.expectedSub !== undefined && identity.sub !== request.expectedSub) {
    throw new Error(accountNotExpected(GITHUB_NAME));
  }
  const scopes = identity.scopes ?? githubScopes(request.repoFullAccess);
  const token: GithubToken = {
    sub: identity.sub,
    name: identity.name,
    accessToken: request.accessToken,
    scopes,
    repoFullAccess: scopes.includes('repo'),
  };
  if (identity.avatarUrl) token.avatarUrl = identity.avatarUrl;
  if (request.isLogin || previous?.isLogin) token.isLogin = true;
  if (previous?.isSponsor !== undefined) token.isSponsor = previous.isSponsor;
  return token;
}
