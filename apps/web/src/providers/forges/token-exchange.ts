import { type ForgeId, readTokenAnswer, type TokenGrant } from '@inkstone/core';
import { forgeEndpoints } from './forge-endpoints';

/** The OAuth application a token request goes through. */
export type ForgeClient =
  | {
      /** The product server's application: the server holds the secret and calls the forge
       * (`/oauth2/gitlabToken`, `/oauth2/giteaToken`, `/oauth2/giteeToken`). */
      kind: 'server';
      clientId: string;
    }
  | {
      /** The user's own application on their server: the browser calls the forge's token
       * endpoint itself (a POST, the secret in the body). */
      kind: 'own';
      serverUrl: string;
      clientId: string;
      clientSecret: string;
    };

/** What a token request asks: a code to exchange, or a refresh token to use. */
export type TokenRequest =
  | { grant: 'authorization_code'; code: string; redirectUri: string; codeVerifier?: string }
  | { grant: 'refresh_token'; refreshToken: string; redirectUri: string };

/** How a token request reaches the network: fetch, the product server's base, the clock. */
export interface ExchangePort {
  fetch: typeof fetch;
  /** The product server's base URL (the app's own origin). */
  serverBase: string;
  now(): number;
}

const SERVER_PATHS: Record<ForgeId, string> = {
  gitlab: 'oauth2/gitlabToken',
  gitea: 'oauth2/giteaToken',
  gitee: 'oauth2/giteeToken',
};

// The product server's parameters for a request (spec core §7): Gitee's code exchange names its
// fields clientId and oauth2RedirectUri, the others take OAuth's own names.
function serverQuery(forge: ForgeId, clientId: string, request: TokenRequest): URLSearchParams {
  const query = new URLSearchParams({ clientId, grant_type: request.grant });
  if (request.grant === 'refresh_token') {
    query.set('refresh_token', request.refreshToken);
    if (forge !== 'gitee') query.set('redirect_uri', request.redirectUri);
  } else {
    query.set('code', request.code);
    query.set(forge === 'gitee' ? 'oauth2RedirectUri' : 'redirect_uri', request.redirectUri);
  }
  return query;
}

// The forge's token endpoint's form (RFC 6749 §4.1.3 and §6), the secret in the body.
function ownForm(client: Extract<ForgeClient, { kind: 'own' }>, request: TokenRequest) {
  const form = new URLSearchParams({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    grant_type: request.grant,
    redirect_uri: request.redirectUri,
  });
  if (request.grant === 'refresh_token') form.set('refresh_token', request.refreshToken);
  else {
    form.set('code', request.code);
    if (request.codeVerifier) form.set('code_verifier', request.codeVerifier);
  }
  return form;
}

async function send(port: ExchangePort, url: string, init: RequestInit): Promise<Response> {
  try {
    return await port.fetch(url, { ...init, cache: 'no-store' });
  } catch {
    throw new Error('Network request failed.');
  }
}

/**
 * Asks for a token of `forge` through `client` (spec core §7, providers §4): the product
 * server's route, or the forge's own token endpoint. Resolves to the pair and its end (GitLab's
 * 7200 s when the answer has no `expires_in`); rejects with the server's or the forge's words.
 * Codes, refresh tokens and secrets travel in POST bodies only (the server's routes take the
 * spec's GET parameters as a JSON body too), never in a URL.
 */
export async function requestForgeToken(
  forge: ForgeId,
  client: ForgeClient,
  request: TokenRequest,
  port: ExchangePort,
): Promise<TokenGrant> {
  const response =
    client.kind === 'server'
      ? await send(port, new URL(SERVER_PATHS[forge], port.serverBase).href, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            Object.fromEntries(serverQuery(forge, client.clientId, request).entries()),
          ),
        })
      : await send(port, forgeEndpoints(forge, client.serverUrl).token, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: ownForm(client, request).toString(),
        });
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  if (!response.ok) {
    const body = (answer ?? {}) as Record<string, unknown>;
    const message = body.message ?? body.error_description ?? body.error;
    throw new Error(
      typeof message === 'string' && message !== '' ? message : `HTTP error ${response.status}.`,
    );
  }
  return readTokenAnswer(forge, answer, port.now());
}
