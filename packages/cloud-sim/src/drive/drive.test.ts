import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSim, multipart, type TestSim } from '../testing/harness.js';
import { discovery, schemaErrors } from '../discovery.js';
import { DRIVE, DRIVE_FILE } from './scopes.js';
import { FOLDER_MIME } from './store.js';

const doc = discovery('drive-v3.json');
let t: TestSim;
beforeAll(async () => {
  t = await startTestSim();
});
afterAll(async () => {
  await t.sim.close();
});

const ALL = 'fields=*';
const folder = async (name: string, parent?: string) => {
  const made = await t.call('POST', `/drive/v3/files?${ALL}`, {
    body: { name, mimeType: FOLDER_MIME, ...(parent ? { parents: [parent] } : {}) },
  });
  expect(made.status).toBe(200);
  return made.body as { id: string };
};
const upload = async (metadata: object, text: string) => {
  const { body, headers } = multipart(metadata, text);
  const made = await t.call('POST', `/upload/drive/v3/files?uploadType=multipart&${ALL}`, {
    body,
    headers,
  });
  expect(made.status, made.text).toBe(200);
  expect(schemaErrors(doc, 'File', made.body)).toEqual([]);
  return made.body as { id: string; parents: string[]; headRevisionId: string };
};
const startToken = async () => {
  const answer = await t.call('GET', `/drive/v3/changes/startPageToken`);
  expect(schemaErrors(doc, 'StartPageToken', answer.body)).toEqual([]);
  return answer.body.startPageToken as string;
};

describe('Drive v3 files', () => {
  it('creates a folder and a file in it by multipart upload, with parents and appProperties', async () => {
    const notes = await folder('Notes');
    const file = await upload(
      { name: 'a.md', parents: [notes.id], appProperties: { inkstone: 'file', sum: '42' } },
      '# Hello\n',
    );
    const got = await t.call(
      'GET',
      `/drive/v3/files/${file.id}?fields=id,name,parents,appProperties,mimeType,size,md5Checksum`,
    );
    expect(got.body).toEqual({
      id: file.id,
      name: 'a.md',
      parents: [notes.id],
      appProperties: { inkstone: 'file', sum: '42' },
      mimeType: 'text/markdown',
      size: '8',
      md5Checksum: createHash('md5').update('# Hello\n').digest('hex'),
    });
    const media = await t.call('GET', `/drive/v3/files/${file.id}?alt=media`);
    expect(media.text).toBe('# Hello\n');
  });

  it('answers kind, id, name and mimeType when no fields are asked for, as Drive', async () => {
    const file = await upload({ name: 'plain.md' }, 'x');
    const got = await t.call('GET', `/drive/v3/files/${file.id}`);
    expect(Object.keys(got.body).sort()).toEqual(['id', 'kind', 'mimeType', 'name']);
    const bad = await t.call('GET', `/drive/v3/files/${file.id}?fields=id,(`);
    expect(bad.status).toBe(400);
  });

  it('uploads by media upload (Untitled) and replaces the content with a new revision', async () => {
    const made = await t.call('POST', `/upload/drive/v3/files?uploadType=media&${ALL}`, {
      body: 'first',
      headers: { 'content-type': 'text/plain' },
    });
    expect(made.body.name).toBe('Untitled');
    expect(made.body.mimeType).toBe('text/plain');
    const updated = await t.call(
      'PATCH',
      `/upload/drive/v3/files/${made.body.id}?uploadType=media&${ALL}`,
      {
        body: 'second',
        headers: { 'content-type': 'text/plain' },
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.headRevisionId).not.toBe(made.body.headRevisionId);
    expect(Number(updated.body.version)).toBeGreaterThan(Number(made.body.version));
    expect((await t.call('GET', `/drive/v3/files/${made.body.id}?alt=media`)).text).toBe('second');
  });

  it('moves a file with addParents and removeParents, and refuses a second parent', async () => {
    const from = await folder('From');
    const to = await folder('To');
    const file = await upload({ name: 'm.md', parents: [from.id] }, 'move me');
    const moved = await t.call(
      'PATCH',
      `/drive/v3/files/${file.id}?addParents=${to.id}&removeParents=${from.id}&fields=parents`,
      { body: {} },
    );
    expect(moved.body).toEqual({ parents: [to.id] });
    const two = await t.call('PATCH', `/drive/v3/files/${file.id}?addParents=${from.id}`, {
      body: {},
    });
    expect(two.status).toBe(400);
    const direct = await t.call('PATCH', `/drive/v3/files/${file.id}`, {
      body: { parents: [from.id] },
    });
    expect(direct.status).toBe(400);
    expect(direct.body.error.message).toMatch(/addParents and removeParents/);
  });

  it('merges appProperties key by key on update, a null removing a key', async () => {
    const file = await upload({ name: 'p.md', appProperties: { a: '1', b: '2' } }, '');
    const patched = await t.call('PATCH', `/drive/v3/files/${file.id}?fields=appProperties`, {
      body: { appProperties: { b: null, c: '3' } },
    });
    expect(patched.body).toEqual({ appProperties: { a: '1', c: '3' } });
  });

  it("lists by q: 'id' in parents, name, trashed, mimeType and appProperties has", async () => {
    const box = await folder('Box');
    const one = await upload(
      { name: 'one.md', parents: [box.id], appProperties: { kind: 'x' } },
      '1',
    );
    const two = await upload({ name: 'two.md', parents: [box.id] }, '2');
    const sub = await folder('Sub', box.id);
    await t.call('PATCH', `/drive/v3/files/${two.id}`, { body: { trashed: true } });
    const q = async (query: string) => {
      const answer = await t.call(
        'GET',
        `/drive/v3/files?q=${encodeURIComponent(query)}&fields=files(id),nextPageToken`,
      );
      expect(answer.status, answer.text).toBe(200);
      expect(schemaErrors(doc, 'FileList', answer.body)).toEqual([]);
      return (answer.body.files as { id: string }[]).map((file) => file.id).sort();
    };
    expect(await q(`'${box.id}' in parents`)).toEqual([one.id, two.id, sub.id].sort());
    expect(await q(`'${box.id}' in parents and trashed = false`)).toEqual([one.id, sub.id].sort());
    expect(await q(`'${box.id}' in parents and mimeType = '${FOLDER_MIME}'`)).toEqual([sub.id]);
    expect(
      await q(`'${box.id}' in parents and mimeType != '${FOLDER_MIME}' and not trashed = true`),
    ).toEqual([one.id]);
    expect(await q(`name = 'one.md' and '${box.id}' in parents`)).toEqual([one.id]);
    expect(await q(`appProperties has { key='kind' and value='x' }`)).toEqual([one.id]);
    expect(await q(`name = 'nothing' or (name contains 'two' and trashed = true)`)).toEqual([
      two.id,
    ]);
    const bad = await t.call('GET', `/drive/v3/files?q=${encodeURIComponent("name = 'x")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.errors[0]).toMatchObject({ reason: 'invalid', location: 'q' });
  });

  it('pages files.list with nextPageToken, a pageSize past 1000 coerced to 1000', async () => {
    const caller = { userId: t.alice.id, clientId: t.client.clientId, scopes: [DRIVE] };
    const many = t.sim.drive.create(caller, { name: 'Many', mimeType: FOLDER_MIME });
    for (let i = 0; i < 1005; i++)
      t.sim.drive.create(caller, { name: `f${i}.md`, parents: [many.id] });
    const q = encodeURIComponent(`'${many.id}' in parents`);
    const first = await t.call(
      'GET',
      `/drive/v3/files?q=${q}&pageSize=5000&fields=nextPageToken,files(id)`,
    );
    expect(first.body.files).toHaveLength(1000);
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    const second = await t.call(
      'GET',
      `/drive/v3/files?q=${q}&pageSize=5000&pageToken=${first.body.nextPageToken}&fields=nextPageToken,files(id)`,
    );
    expect(second.body.files).toHaveLength(5);
    expect(second.body.nextPageToken).toBeUndefined();
    const small = await t.call(
      'GET',
      `/drive/v3/files?q=${q}&pageSize=2&fields=nextPageToken,files(id)`,
    );
    expect(small.body.files).toHaveLength(2);
  });

  it('answers 404 notFound in Drive error JSON for a missing file, and after delete', async () => {
    const file = await upload({ name: 'gone.md' }, 'bye');
    expect((await t.call('DELETE', `/drive/v3/files/${file.id}`)).status).toBe(204);
    for (const answer of [
      await t.call('GET', `/drive/v3/files/${file.id}`),
      await t.call('GET', `/drive/v3/files/nope?alt=media`),
      await t.call('DELETE', `/drive/v3/files/${file.id}`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({
        code: 404,
        errors: [
          { domain: 'global', reason: 'notFound', location: 'fileId', locationType: 'parameter' },
        ],
      });
      expect(answer.body.error.message).toMatch(/^File not found: /);
    }
  });

  it('deletes a folder with what it holds, and empties the trash', async () => {
    const box = await folder('Doomed');
    const inside = await upload({ name: 'in.md', parents: [box.id] }, 'x');
    await t.call('DELETE', `/drive/v3/files/${box.id}`);
    expect((await t.call('GET', `/drive/v3/files/${inside.id}`)).status).toBe(404);
    const trashed = await upload({ name: 'trash.md' }, 'x');
    await t.call('PATCH', `/drive/v3/files/${trashed.id}`, { body: { trashed: true } });
    expect((await t.call('DELETE', '/drive/v3/files/trash')).status).toBe(204);
    expect((await t.call('GET', `/drive/v3/files/${trashed.id}`)).status).toBe(404);
  });
});

describe('Drive v3 from a web page', () => {
  it('answers the preflight of a multipart upload from any origin, as Google does', async () => {
    const answer = await fetch(`${t.sim.url}/upload/drive/v3/files?uploadType=multipart`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(answer.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
  });
});

describe('Drive v3 scopes', () => {
  it('answers 403 insufficientPermissions to a token without a Drive scope', async () => {
    const token = t.sim.accounts.issue(t.alice, t.client.clientId, ['profile']).token;
    const answer = await t.call('GET', '/drive/v3/files', { token });
    expect(answer.status).toBe(403);
    expect(answer.body.error.errors[0]).toMatchObject({
      domain: 'global',
      reason: 'insufficientPermissions',
    });
  });

  it('shows a drive.file token only the files its app made (404 for the others)', async () => {
    const mine = await upload({ name: 'app.md' }, 'a');
    const other = t.sim.accounts.addClient({
      clientId: 'other',
      clientSecret: 's',
      name: 'Other',
      redirectUris: [],
    });
    const token = t.sim.accounts.issue(t.alice, other.clientId, [DRIVE_FILE]).token;
    expect((await t.call('GET', `/drive/v3/files/${mine.id}`, { token })).status).toBe(404);
    const own = await t.call('POST', '/upload/drive/v3/files?uploadType=media', {
      token,
      body: 'o',
    });
    expect((await t.call('GET', `/drive/v3/files/${own.body.id}`, { token })).status).toBe(200);
    const listed = await t.call('GET', '/drive/v3/files?fields=files(id)', { token });
    expect(listed.body.files).toEqual([{ id: own.body.id }]);
  });

  it('keeps the appDataFolder apart: its own space, its own scope', async () => {
    const data = await upload({ name: 'settings.json', parents: ['appDataFolder'] }, '{}');
    const inDrive = await t.call(
      'GET',
      `/drive/v3/files?q=${encodeURIComponent("name = 'settings.json'")}&fields=files(id)`,
    );
    expect(inDrive.body.files).toEqual([]);
    const inData = await t.call(
      'GET',
      `/drive/v3/files?spaces=appDataFolder&q=${encodeURIComponent("'appDataFolder' in parents")}&fields=files(id,spaces)`,
    );
    expect(inData.body.files).toEqual([{ id: data.id, spaces: ['appDataFolder'] }]);
    const driveOnly = t.sim.accounts.issue(t.alice, t.client.clientId, [DRIVE]).token;
    expect((await t.call('GET', `/drive/v3/files/${data.id}`, { token: driveOnly })).status).toBe(
      404,
    );
    const refused = await t.call('POST', '/drive/v3/files', {
      token: driveOnly,
      body: { name: 'x', parents: ['appDataFolder'] },
    });
    expect(refused.status).toBe(403);
  });
});

describe('Drive v3 changes feed', () => {
  it('lists changes from a start page token, one per file, paged, newStartPageToken on the last page', async () => {
    const start = await startToken();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await upload({ name: `c${i}.md` }, String(i))).id);
    // A second change to c0 moves it to the end: a file appears once, at its latest change.
    await t.call('PATCH', `/drive/v3/files/${made[0]}`, { body: { name: 'c0-renamed.md' } });
    const seen: { fileId: string; file?: { name: string } }[] = [];
    let token: string | undefined = start;
    let pages = 0;
    let newStart: string | undefined;
    while (token) {
      const page = await t.call('GET', `/drive/v3/changes?pageToken=${token}&pageSize=2&fields=*`);
      expect(page.status, page.text).toBe(200);
      expect(schemaErrors(doc, 'ChangeList', page.body)).toEqual([]);
      seen.push(...page.body.changes);
      pages++;
      token = page.body.nextPageToken;
      if (!token) newStart = page.body.newStartPageToken;
      else expect(page.body.newStartPageToken).toBeUndefined();
    }
    expect(pages).toBe(3);
    expect(seen.map((change) => change.fileId)).toEqual([...made.slice(1), made[0]]);
    expect(seen.at(-1)!.file!.name).toBe('c0-renamed.md');
    expect(newStart).toBe(await startToken());
    const none = await t.call('GET', `/drive/v3/changes?pageToken=${newStart}`);
    expect(none.body).toEqual({
      kind: 'drive#changeList',
      changes: [],
      newStartPageToken: newStart,
    });
  });

  it('reports a trashed file with trashed true and a deleted one as removed without its file', async () => {
    const start = await startToken();
    const trash = await upload({ name: 't.md' }, 't');
    const gone = await upload({ name: 'g.md' }, 'g');
    await t.call('PATCH', `/drive/v3/files/${trash.id}`, { body: { trashed: true } });
    await t.call('DELETE', `/drive/v3/files/${gone.id}`);
    const page = await t.call('GET', `/drive/v3/changes?pageToken=${start}&fields=*`);
    const byId = new Map((page.body.changes as { fileId: string }[]).map((c) => [c.fileId, c]));
    expect(byId.get(trash.id)).toMatchObject({
      removed: false,
      file: { trashed: true, explicitlyTrashed: true },
    });
    expect(byId.get(gone.id)).toMatchObject({ removed: true });
    expect(byId.get(gone.id)).not.toHaveProperty('file');
  });

  it('lists the changes of the asked spaces only (drive by default, or appDataFolder)', async () => {
    const start = await startToken();
    const data = await upload({ name: 'd.json', parents: ['appDataFolder'] }, '{}');
    const file = await upload({ name: 'f.md' }, 'f');
    const ids = async (spaces?: string) =>
      (
        (
          await t.call(
            'GET',
            `/drive/v3/changes?pageToken=${start}${spaces ? `&spaces=${spaces}` : ''}`,
          )
        ).body.changes as { fileId: string }[]
      ).map((c) => c.fileId);
    expect(await ids()).toEqual([file.id]);
    expect(await ids('appDataFolder')).toEqual([data.id]);
    expect(await ids('drive,appDataFolder')).toEqual([data.id, file.id]);
  });

  it('trashes what a trashed folder holds (each in the feed) and restores it with the folder', async () => {
    const box = await folder('Bin');
    const inside = await upload({ name: 'inside.md', parents: [box.id] }, 'i');
    const start = await startToken();
    await t.call('PATCH', `/drive/v3/files/${box.id}`, { body: { trashed: true } });
    const page = await t.call(
      'GET',
      `/drive/v3/changes?pageToken=${start}&fields=changes(fileId,file(trashed,explicitlyTrashed))`,
    );
    expect(page.body.changes).toEqual(
      expect.arrayContaining([
        { fileId: inside.id, file: { trashed: true, explicitlyTrashed: false } },
        { fileId: box.id, file: { trashed: true, explicitlyTrashed: true } },
      ]),
    );
    await t.call('PATCH', `/drive/v3/files/${box.id}`, { body: { trashed: false } });
    expect((await t.call('GET', `/drive/v3/files/${inside.id}?fields=trashed`)).body).toEqual({
      trashed: false,
    });
  });

  it('refuses a changes.list without pageToken or with one from the future', async () => {
    expect((await t.call('GET', '/drive/v3/changes')).status).toBe(400);
    expect((await t.call('GET', '/drive/v3/changes?pageToken=99999999')).status).toBe(400);
    expect((await t.call('GET', '/drive/v3/changes?pageToken=abc')).status).toBe(400);
  });
});

describe('Drive v3 revisions', () => {
  it('lists revisions oldest first, paged, and downloads each', async () => {
    const file = await upload({ name: 'r.md' }, 'v1');
    for (const text of ['v2', 'v3']) {
      await t.call('PATCH', `/upload/drive/v3/files/${file.id}?uploadType=media`, {
        body: text,
        headers: { 'content-type': 'text/markdown' },
      });
    }
    const first = await t.call('GET', `/drive/v3/files/${file.id}/revisions?pageSize=2&fields=*`);
    expect(schemaErrors(doc, 'RevisionList', first.body)).toEqual([]);
    expect(first.body.revisions).toHaveLength(2);
    const rest = await t.call(
      'GET',
      `/drive/v3/files/${file.id}/revisions?pageSize=2&pageToken=${first.body.nextPageToken}`,
    );
    expect(rest.body.revisions).toHaveLength(1);
    expect(rest.body.nextPageToken).toBeUndefined();
    const ids = [...first.body.revisions, ...rest.body.revisions].map((r: { id: string }) => r.id);
    const texts = [];
    for (const id of ids)
      texts.push(
        (await t.call('GET', `/drive/v3/files/${file.id}/revisions/${id}?alt=media`)).text,
      );
    expect(texts).toEqual(['v1', 'v2', 'v3']);
    const one = await t.call('GET', `/drive/v3/files/${file.id}/revisions/${ids[0]}?fields=*`);
    expect(schemaErrors(doc, 'Revision', one.body)).toEqual([]);
    // The fields the sync reads (providers spec: id, modifiedTime, lastModifyingUser.permissionId).
    const listed = await t.call(
      'GET',
      `/drive/v3/files/${file.id}/revisions?pageSize=1000&fields=revisions(id,modifiedTime,lastModifyingUser/permissionId)`,
    );
    expect(listed.body.revisions[0]).toEqual({
      id: ids[0],
      modifiedTime: expect.any(String),
      lastModifyingUser: { permissionId: t.alice.id },
    });
    const missing = await t.call('GET', `/drive/v3/files/${file.id}/revisions/nope`);
    expect(missing.status).toBe(404);
  });

  it('answers about.get only with fields, as Drive requires', async () => {
    expect((await t.call('GET', '/drive/v3/about')).status).toBe(400);
    const about = await t.call('GET', '/drive/v3/about?fields=user,storageQuota');
    expect(schemaErrors(doc, 'About', about.body)).toEqual([]);
    expect(about.body.user.me).toBe(true);
  });
});

describe('Drive v3 uploads refused', () => {
  it('refuses a multipart body without its two parts, creating nothing', async () => {
    const start = await startToken();
    const answer = await t.call('POST', '/upload/drive/v3/files?uploadType=multipart', {
      body: 'not multipart',
      headers: { 'content-type': 'multipart/related; boundary=x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('Invalid multipart request with 0 mime parts.');
    expect((await t.call('GET', `/drive/v3/changes?pageToken=${start}`)).body.changes).toEqual([]);
  });

  it('refuses metadata with a wrongly typed field', async () => {
    const answer = await t.call('POST', '/drive/v3/files', {
      body: { name: 'x', appProperties: { a: 1 } },
    });
    expect(answer.status).toBe(400);
  });
});
