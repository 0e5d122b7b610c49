import type { GoogleUser } from './accounts.js';
import { invalidValue, json, type Reply } from './errors.js';

/** People v1's `people.get` path for the signed-in user. */
export const PEOPLE_ME_PATH = '/v1/people/me';

/** The person fields the stand-in fills. */
const FIELDS = ['names', 'photos', 'emailAddresses'];

/** People v1's `people/me` with `personFields` (names, photos, emailAddresses). */
export function answerPeopleMe(user: GoogleUser, url: URL): Reply {
  const personFields =
    url.searchParams.get('personFields') ?? url.searchParams.get('requestMask.includeField');
  if (!personFields) {
    return invalidValue(
      'personFields',
      'personFields mask is required. Please specify one or more valid paths.',
    );
  }
  const asked = personFields.split(',').map((field) => field.trim().replace(/^person\./, ''));
  const unknown = asked.find((field) => !FIELDS.includes(field) && !/^[a-zA-Z]+$/.test(field));
  if (unknown !== undefined)
    return invalidValue('personFields', `Invalid personFields mask path: "${unknown}".`);
  const source = { type: 'PROFILE', id: user.id };
  const metadata = { primary: true, source };
  return json(200, {
    resourceName: `people/${user.id}`,
    etag: `%EgcBAgkuNz0+GgQBAgUH${user.id.slice(-4)}`,
    ...(asked.includes('names')
      ? {
          names: [
            {
              metadata,
              displayName: user.name,
              familyName: user.familyName,
              givenName: user.givenName,
              displayNameLastFirst: user.familyName
                ? `${user.familyName}, ${user.givenName}`
                : user.givenName,
            },
          ],
        }
      : {}),
    ...(asked.includes('photos') ? { photos: [{ metadata, url: user.picture }] } : {}),
    ...(asked.includes('emailAddresses')
      ? {
          emailAddresses: [
            { metadata: { ...metadata, verified: true, sourcePrimary: true }, value: user.email },
          ],
        }
      : {}),
  });
}
