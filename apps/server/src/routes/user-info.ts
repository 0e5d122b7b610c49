import { type FastifyPluginAsync } from 'fastify';
import { identifyGithubUser } from '../sponsors/github-user.js';
import { createGoogleIdTokenVerifier } from '../sponsors/google-id-token.js';
import { isWellFormedToken } from '../sponsors/identity.js';
import { type SponsorshipOptions, sendProblem } from '../sponsors/sponsorship.js';

/** `GET /userInfo?idToken=…` (a Google id token) or `?accessToken=…` (a GitHub token): the
 * user's `{ sponsorUntil }` (spec core §7). 404 when the user never sponsored (the app reads
 * "not a sponsor"); 400 malformed, 401 refused by the provider; 502/503 when the provider or the
 * store cannot answer now (the app's RETRY). */
export const userInfoRoutes: FastifyPluginAsync<SponsorshipOptions> = async (app, options) => {
  const verifyGoogleIdToken = createGoogleIdTokenVerifier(options.identity, options.now);

  app.get('/userInfo', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { idToken, accessToken } = request.query as Record<string, unknown>;
    if ((idToken === undefined) === (accessToken === undefined)) {
      return sendProblem(reply, 400, 'Give either idToken (Google) or accessToken (GitHub).');
    }
    const token = idToken ?? accessToken;
    if (!isWellFormedToken(token)) {
      return sendProblem(
        reply,
        400,
        `The ${idToken !== undefined ? 'idToken' : 'accessToken'} is malformed.`,
      );
    }
    const identity =
      idToken !== undefined
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
