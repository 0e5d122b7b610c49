import { type CloudSim, type GoogleUser, startCloudSim } from '@inkstone/cloud-sim';
import { type GoogleToken } from '@inkstone/core';

// For unit tests of the app's Google parts against cloud-sim in the same process: the sim with
// one user (Alice) and the app's OAuth client, and tokens issued by the sim as the Google
// accounts port keeps them.

/** A running cloud-sim with Alice and the client `clientId`. */
export interface GoogleSim {
  google: CloudSim;
  alice: GoogleUser;
  clientId: string;
}

/** Starts cloud-sim on a free port with Alice and the client `clientId` (close `google`). */
export async function startGoogleSim(clientId: string): Promise<GoogleSim> {
  const google = await startCloudSim({ port: 0 });
  const alice = google.accounts.addUser({ email: 'alice@example.com', name: 'Alice Liddell' });
  google.accounts.addClient({
    clientId,
    clientSecret: 'secret',
    name: 'Inkstone',
    redirectUris: ['http://127.0.0.1:8080/oauth2/callback'],
  });
  return { google, alice, clientId };
}

/** A token of `user` with `scopes` (plus openid and profile), issued now by the sim, as the
 * accounts port stores it; `extra` sets its flags (isDrive, isBlogger…). */
export function issueGoogleToken(
  { google, clientId }: GoogleSim,
  user: GoogleUser,
  scopes: string[],
  extra: Partial<GoogleToken> = {},
): GoogleToken {
  const issued = google.accounts.issue(user, clientId, scopes);
  return {
    sub: user.id,
    name: user.name,
    scopes: ['openid', 'profile', ...scopes],
    accessToken: issued.token,
    expiresOn: issued.expiresAt,
    idToken: 'id',
    ...extra,
  };
}
