import { type Identity, type IdentityConfig, unreachable } from './identity.js';

/** Asks GitHub whose access token this is (`GET /user`, the token in the Authorization
 * header): `gh:{id}`. */
export async function identifyGithubUser(
  accessToken: string,
  config: IdentityConfig,
): Promise<Identity> {
  let response: Response;
  try {
    response = await fetch(new URL('user', withSlash(config.githubApiUrl)), {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: 'application/vnd.github+json',
        'User-Agent': 'Inkstone',
      },
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch {
    return unreachable('GitHub');
  }
  const rateLimited =
    response.status === 429 ||
    (response.status === 403 && response.headers.get('x-ratelimit-remaining') === '0');
  if (rateLimited || response.status >= 500) {
    await response.body?.cancel();
    return { ok: false, status: 503, message: 'GitHub is busy. RETRY' };
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    return { ok: false, status: 401, message: 'GitHub refused the access token.' };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return unreachable('GitHub');
  }
  const user: unknown = await response.json().catch(() => undefined);
  const id = (user as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return unreachable('GitHub');
  return { ok: true, userId: `gh:${id}` };
}

const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);
