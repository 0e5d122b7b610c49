import { describe, expect, it } from 'vitest';
import { DRIVE_ROUTES, MAX_PAGE_SIZE } from './drive/route-table.js';
import { discovery, hasParameter, methodById } from './discovery.js';
import { TOKENINFO_PATH, USERINFO_PATH } from './oauth/routes.js';
import { PEOPLE_ME_PATH } from './people.js';

const drive = discovery('drive-v3.json');

describe("cloud-sim's methods are those of Google's discovery documents", () => {
  it.each(
    DRIVE_ROUTES.map((route) => [`${route.id}${route.upload ? ' (upload)' : ''}`, route] as const),
  )('%s exists in Drive v3 with its verb, path and parameters', (_, route) => {
    const method = methodById(drive, route.id);
    expect(method, route.id).toBeDefined();
    expect(method!.httpMethod).toBe(route.httpMethod);
    if (route.upload) {
      expect(method!.mediaUpload?.protocols.simple?.path).toBe(`/upload/drive/v3/${route.path}`);
    } else {
      expect(method!.path).toBe(route.path);
    }
    for (const name of [...route.params, 'fields', 'alt', 'uploadType']) {
      expect(hasParameter(drive, method!, name), `${route.id} ${name}`).toBe(true);
    }
  });

  it('downloads (alt=media) only where the document says the method supports media download', () => {
    expect(methodById(drive, 'drive.files.get')!.supportsMediaDownload).toBe(true);
    expect(methodById(drive, 'drive.revisions.get')!.supportsMediaDownload).toBe(true);
  });

  it('coerces page sizes to the maximum the document gives changes, files and revisions', () => {
    for (const id of ['drive.changes.list', 'drive.files.list', 'drive.revisions.list']) {
      const pageSize = methodById(drive, id)!.parameters!.pageSize as unknown as {
        maximum: string;
      };
      expect(Number(pageSize.maximum), id).toBe(MAX_PAGE_SIZE);
    }
  });

  it("answers People's people.get for people/me with personFields", () => {
    const people = discovery('people-v1.json');
    const method = methodById(people, 'people.people.get')!;
    expect(method.httpMethod).toBe('GET');
    expect(`/${people.servicePath}${method.path.replace('{+resourceName}', 'people/me')}`).toBe(
      PEOPLE_ME_PATH,
    );
    expect(hasParameter(people, method, 'personFields')).toBe(true);
  });

  it("answers OAuth2 v2's tokeninfo and userinfo at the document's paths", () => {
    const oauth2 = discovery('oauth2-v2.json');
    const tokeninfo = methodById(oauth2, 'oauth2.tokeninfo')!;
    expect(`/${tokeninfo.path}`).toBe(TOKENINFO_PATH);
    expect(hasParameter(oauth2, tokeninfo, 'access_token')).toBe(true);
    expect(hasParameter(oauth2, tokeninfo, 'id_token')).toBe(true);
    expect(`/${methodById(oauth2, 'oauth2.userinfo.get')!.path}`).toBe(USERINFO_PATH);
  });
});
