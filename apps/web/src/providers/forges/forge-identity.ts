import { FORGE_NAMES, type ForgeId, type HttpClient } from '@inkstone/core';
import { authorization, forgeEndpoints } from './forge-endpoints';

/** Who a forge token belongs to (`GET /user`): the numeric id and the login. */
export interface ForgeIdentity {
  id: number;
  name: string;
}

/** Asks the forge at `origin` whose `accessToken` it is (GitLab `GET /api/v4/user`, Gitea
 * `/api/v1/user`, Gitee `/api/v5/user`), the token in the `Authorization` header. */
export async function readForgeIdentity(
  http: HttpClient,
  forge: ForgeId,
  origin: string,
  accessToken: string,
): Promise<ForgeIdentity> {
  const response = await http.request({
    url: `${forgeEndpoints(forge, origin).api}/user`,
    headers: { authorization: authorization(forge, accessToken), accept: 'application/json' },
  });
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(response.text) as Record<string, unknown>;
  } catch {
    // Checked below.
  }
  // GitLab says `username`, Gitea `login` (and `username`), Gitee `login`.
  const name = forge === 'gitlab' ? body.username : (body.login ?? body.username);
  if (typeof body.id !== 'number' || typeof name !== 'string' || name === '') {
    throw new Error(`${FORGE_NAMES[forge]} did not say who the account is.`);
  }
  return { id: body.id, name };
}
