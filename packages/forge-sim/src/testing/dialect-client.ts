import type { ApiAnswer } from './harness.js';

/** What a token endpoint answers: a token pair, or an OAuth error. */
export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope?: string;
  error?: string;
}

/** How a dialect client signs: a header (`Authorization: token X`), a query parameter, or not. */
export type Signing = { header: string } | { query: string } | null;

/** Calls `method {root}{path}` with a JSON body (or a form when `form` is given), signed as told. */
export async function callApi(
  root: string,
  method: string,
  path: string,
  options: { body?: unknown; form?: Record<string, string>; sign?: Signing } = {},
): Promise<ApiAnswer> {
  const url = new URL(`${root}${path}`);
  const sign = options.sign;
  if (sign && 'query' in sign) url.searchParams.set('access_token', sign.query);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (sign && 'header' in sign) headers.authorization = sign.header;
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Raw bytes (a /raw endpoint, a 429's "Retry later"): the text as it came.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Submits forge-sim's authorize page as `login` would, and gives the code it redirects with. */
export async function authorizeAs(
  web: string,
  login: string,
  params: { client_id: string; redirect_uri: string; scope?: string; state?: string },
) {
  const response = await fetch(`${web}/login/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, login }).toString(),
    redirect: 'manual',
  });
  const location = new URL(response.headers.get('location') ?? '');
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state'),
  };
}

/** Base64 of UTF-8 `text`. */
export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
