import { type FastifyPluginAsync } from 'fastify';
import { identifyGithubUser } from '../sponsors/github-user.js';
import { createGoogleIdTokenVerifier } from '../sponsors/google-id-token.js';
import { readCallerToken } from '../sponsors/identity.js';
import { type SponsorshipOptions, sendProblem } from '../sponsors/sponsorship.js';

/** `GET /userInfo?tokenKind=idToken` (a Google id token) or `?tokenKind=accessToken` (a GitHub
 * token), the token itself in `Authorization: Bearer …`: the user's `{ sponsorUntil }` (spec
 * core §7). The spec's query names carried the token in the URL; a token never goes in a URL
 * of ours (it would reach proxies' and browsers' logs), so a token in the query is refused.
 * 404 when the user never sponsored (the app reads "not a sponsor"); 400 malformed, 401 refused
 * by the provider; 502/503 when the provider or the store cannot answer now (the app's RETRY). */
export const userInfoRoutes: FastifyPluginAsync<SponsorshipOptions> = async (app, options) => {
  const verifyGoogleIdToken = createGoogleIdTokenVerifier(options.identity, options.now);

  app.get('/userInfo', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const caller = readCallerToken(
      request.query as Record<string, unknown>,
      request.headers.authorization,
    );
    if (!caller.ok) return sendProblem(reply, 400, caller.message);
    const { kind, token } = caller;
    const identity =
      kind === 'idToken'
        ? await verifyGoogleIdToken(token)
        : await identifyGithubUser(token, options.identity);
    if (!identity.ok) return sendProblem(reply, identity.status, identity.message);

    let sponsorUntil: number | undefined;
    try {
      sponsorUntil = await options.store.getSponsorUntil(identity.userId);
    } catch (error) {
      request.log.error({ err: error }, 'sponsor store read failed');
      return sendProblem(reply, 503, 'Sponsorships cannot be read now. RETRY');
    }
    if (sponsorUntil === undefined) return sendProblem(reply, 404, 'Unknown user.');
    return { sponsorUntil };
  });
};
