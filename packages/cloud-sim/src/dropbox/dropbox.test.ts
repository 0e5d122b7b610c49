import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../testing/harness.js';
import {
  DROPBOX_REDIRECT,
  startDropboxTestSim,
  type CallOptions,
  type DropboxTestSim,
} from '../testing/dropbox-harness.js';
import { contentHash } from './content-hash.js';
import { APP_FOLDER_PARENT, DROPBOX_ROUTES, MAX_UPLOAD_BYTES } from './routes.js';
import { stoneErrors } from './stone-check.js';
import { StoneSpec, type StoneStruct, type StoneTypeRef } from './stone.js';

const spec = StoneSpec.fixtures();
const auth = (name: string): StoneTypeRef => ({
  ns: 'auth',
  name,
  params: [],
  options: {},
  nullable: false,
});
/** The routes whose 200 answers the tests checked against the description. */
const checked = new Set<string>();
/** The error tags (outermost) each route answered, all checked against its error union. */
const errorTags = new Map<string, Set<string>>();

/**
 * Checks an answer of `route` against Dropbox's description: a 200's result (the body, or
 * download's Dropbox-API-Result) against the route's result type, a 409's `error` against its
 * error union, a 401's against auth.AuthError, a 429's against auth.RateLimitError.
 */
function expectDescribed(route: string, answer: Answer) {
  const stone = spec.routeByPath(route);
  expect(stone, route).toBeDefined();
  const { ns, result, error } = stone!;
  if (answer.status === 200) {
    const value =
      route === 'files/download'
        ? JSON.parse(answer.headers.get('dropbox-api-result') ?? 'undefined')
        : answer.body;
    expect(stoneErrors(spec, ns, result, value, `${route} result`)).toEqual([]);
    checked.add(route);
    return;
  }
  if (answer.status === 409 || answer.status === 401 || answer.status === 429) {
    expect(Object.keys(answer.body as object).sort()).toEqual(['error', 'error_summary']);
    const type =
      answer.status === 409 ? error : auth(answer.status === 401 ? 'AuthError' : 'RateLimitError');
    const from = answer.status === 409 ? ns : 'auth';
    expect(stoneErrors(spec, from, type, answer.body.error, `${route} error`)).toEqual([]);
    expect(answer.body.error_summary).toMatch(/^[a-z_]+(\/[a-z_]+)*\/\.{2,3}$/);
    if (answer.status === 409) {
      const tags = errorTags.get(route) ?? new Set();
      tags.add(answer.body.error['.tag'] as string);
      errorTags.set(route, tags);
    }
  }
}

let t: DropboxTestSim;
let clock = Date.parse('2026-03-01T10:00:00.123Z');
beforeAll(async () => {
  t = await startDropboxTestSim({ now: () => clock });
});
afterAll(() => t.sim.close());

const rpc = async (route: string, arg?: unknown, options?: CallOptions) => {
  const answer = await t.rpc(route, arg, options);
  expectDescribed(route, answer);
  return answer;
};
const upload = async (arg: unknown, content: string | Buffer, options?: CallOptions) => {
  const answer = await t.upload(arg, content, options);
  expectDescribed('files/upload', answer);
  return answer;
};
const download = async (arg: unknown, options?: CallOptions & { query?: boolean }) => {
  const answer = await t.download(arg, options);
  expectDescribed('files/download', answer);
  return answer;
};
const tick = (seconds = 1) => {
  clock += seconds * 1000;
};

describe("cloud-sim's Dropbox routes are those of Dropbox's Stone description", () => {
  it.each(DROPBOX_ROUTES.map((route) => [route.path, route] as const))(
    '%s: exists, not deprecated, with its host and style; app-folder apps allowed; reads declared fields',
    (_, route) => {
      const stone = spec.routeByPath(route.path)!;
      expect(stone, route.path).toBeDefined();
      expect(stone.deprecated).toBe(false);
      expect(spec.attr(stone, 'host')).toBe(route.host);
      expect(spec.attr(stone, 'style')).toBe(route.style);
      expect(spec.attr(stone, 'allow_app_folder_app')).toBe(true);
      if (stone.arg.name === 'Void') {
        expect(route.reads).toEqual([]);
      } else {
        const arg = spec.lookup(stone.ns, stone.arg) as StoneStruct;
        const declared = spec.fields(arg).map((field) => field.name);
        for (const field of route.reads)
          expect(declared, `${route.path} ${field}`).toContain(field);
      }
    },
  );

  it('takes list_revisions’ limit default (10) and maximum (100) from the description', () => {
    const arg = spec.definition('files', 'ListRevisionsArg') as StoneStruct;
    const limit = arg.fields.find((field) => field.name === 'limit')!;
    expect([limit.default, limit.type.options.max_value]).toEqual(['10', 100]);
  });
});

describe('accounts', () => {
  it('answers the current account (FullAccount) and another account by id (BasicAccount)', async () => {
    const me = await rpc('users/get_current_account');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      account_id: t.alice.accountId,
      email: 'alice@example.com',
      name: { display_name: 'Alice Liddell', given_name: 'Alice', surname: 'Liddell' },
      root_info: { '.tag': 'user' },
    });
    expect(me.body.account_id).toHaveLength(40);
    const bob = await rpc('users/get_account', { account_id: t.bob.accountId });
    expect(bob.body).toMatchObject({
      account_id: t.bob.accountId,
      email: 'bob@example.com',
      is_teammate: false,
    });
    const nobody = await rpc('users/get_account', { account_id: `dbid:${'x'.repeat(35)}` });
    expect([nobody.status, nobody.body.error]).toEqual([409, { '.tag': 'no_account' }]);
  });

  it('refuses an argument the description refuses with a 400 in plain text', async () => {
    const short = await rpc('users/get_account', { account_id: 'dbid:short' });
    expect(short.status).toBe(400);
    expect(short.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(short.text).toBe(
      'Error in call to API function "users/get_account": request body: account_id: shorter than 40',
    );
    const unknown = await rpc('files/get_metadata', { path: '/a', recursive: true });
    expect(unknown.text).toMatch(/request body: recursive: not a field of files.GetMetadataArg$/);
    const notJson = await t.rpc('files/get_metadata', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect([notJson.status, notJson.text]).toEqual([
      400,
      'Error in call to API function "files/get_metadata": request body: could not decode input as JSON',
    ]);
    const form = await t.rpc('files/get_metadata', undefined, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.text).toMatch(
      /Bad HTTP "Content-Type" header: "application\/x-www-form-urlencoded"/,
    );
  });
});

describe('upload, metadata and download', () => {
  it('uploads a file with Dropbox’s metadata: id, hex rev, size, content hash, times to the second', async () => {
    const answer = await upload(
      { path: '/Notes/Shopping List.md', client_modified: '2026-02-01T08:00:00Z' },
      '# Eggs\n',
    );
    expect(answer.status).toBe(200);
    const file = answer.body;
    expect(file['.tag']).toBeUndefined(); // FileMetadata is declared, not Metadata.
    expect(file).toMatchObject({
      name: 'Shopping List.md',
      path_lower: '/notes/shopping list.md',
      path_display: '/Notes/Shopping List.md',
      size: 7,
      client_modified: '2026-02-01T08:00:00Z',
      server_modified: new Date(clock).toISOString().replace(/\.\d+Z$/, 'Z'),
      content_hash: contentHash(Buffer.from('# Eggs\n')),
    });
    expect(file.id).toMatch(/^id:/);
    expect(file.rev).toMatch(/^[0-9a-f]{9,}$/);
    const folder = await rpc('files/get_metadata', { path: '/notes' });
    expect(folder.body).toMatchObject({ '.tag': 'folder', name: 'Notes', path_display: '/Notes' });
  });

  it('finds paths whatever their case, keeping the case first written', async () => {
    const answer = await rpc('files/get_metadata', { path: '/NOTES/shopping LIST.MD' });
    expect(answer.body).toMatchObject({ path_display: '/Notes/Shopping List.md' });
    const again = await upload({ path: '/notes/SHOPPING list.md', mode: 'overwrite' }, '# Milk\n');
    expect(again.body).toMatchObject({
      path_display: '/Notes/Shopping List.md',
      id: answer.body.id,
    });
    const missing = await rpc('files/get_metadata', { path: '/Notes/nothing.md' });
    expect([missing.status, missing.body.error]).toEqual([
      409,
      { '.tag': 'path', path: { '.tag': 'not_found' } },
    ]);
  });

  it('add: a different file in the way is a conflict (or renamed), the same content is no conflict', async () => {
    const first = await upload({ path: '/add.md' }, 'one');
    const conflict = await upload({ path: '/add.md', mode: 'add' }, 'two');
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({
      '.tag': 'path',
      reason: { '.tag': 'conflict', conflict: { '.tag': 'file' } },
    });
    expect(conflict.body.error_summary).toMatch(/^path\/conflict\/file\/\.{2,3}$/);
    const same = await upload({ path: '/add.md' }, 'one');
    expect(same.body.rev).toBe(first.body.rev);
    const strict = await upload({ path: '/add.md', strict_conflict: true }, 'one');
    expect(strict.status).toBe(409);
    const renamed = await upload({ path: '/add.md', autorename: true }, 'two');
    expect(renamed.body.path_display).toBe('/add (1).md');
    const renamedAgain = await upload({ path: '/add.md', autorename: true }, 'three');
    expect(renamedAgain.body.path_display).toBe('/add (2).md');
  });

  it('overwrite and update: a new revision; update with a stale rev is a conflict or a conflicted copy', async () => {
    const first = await upload({ path: '/doc.md' }, 'v1');
    tick();
    const second = await upload(
      { path: '/doc.md', mode: { '.tag': 'update', update: first.body.rev } },
      'v2',
    );
    expect(second.status).toBe(200);
    expect(second.body.rev).not.toBe(first.body.rev);
    expect(second.body.id).toBe(first.body.id);
    const stale = await upload(
      { path: '/doc.md', mode: { '.tag': 'update', update: first.body.rev } },
      'v3',
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.reason).toEqual({ '.tag': 'conflict', conflict: { '.tag': 'file' } });
    const copy = await upload(
      { path: '/doc.md', mode: { '.tag': 'update', update: first.body.rev }, autorename: true },
      'v3',
    );
    expect(copy.body.path_display).toBe('/doc (conflicted copy).md');
    const overwrite = await upload({ path: '/doc.md', mode: 'overwrite' }, 'v4');
    expect(overwrite.body.size).toBe(2);
    expect((await download({ path: '/doc.md' })).text).toBe('v4');
    const badMode = await t.upload({ path: '/doc.md', mode: 'update' }, 'v5');
    expect(badMode.status).toBe(400);
    expect(badMode.text).toMatch(
      /HTTP header "Dropbox-API-Arg": mode: the tag update needs a value$/,
    );
  });

  it('a folder or a file on the way is a conflict; content_hash is checked; a path ending in / is malformed', async () => {
    const folder = await upload({ path: '/Notes', mode: 'overwrite' }, 'x');
    expect(folder.body.error.reason).toEqual({
      '.tag': 'conflict',
      conflict: { '.tag': 'folder' },
    });
    const ancestor = await upload({ path: '/doc.md/inner.md' }, 'x');
    expect(ancestor.body.error.reason).toEqual({
      '.tag': 'conflict',
      conflict: { '.tag': 'file_ancestor' },
    });
    const wrongHash = await upload(
      { path: '/hash.md', content_hash: contentHash(Buffer.from('other')) },
      'x',
    );
    expect(wrongHash.body.error).toEqual({ '.tag': 'content_hash_mismatch' });
    const rightHash = await upload(
      { path: '/hash.md', content_hash: contentHash(Buffer.from('x')) },
      'x',
    );
    expect(rightHash.status).toBe(200);
    const slash = await upload({ path: '/folder/' }, 'x');
    expect(slash.body.error.reason).toEqual({ '.tag': 'malformed_path' });
  });

  it('refuses a body over 150 MiB (payload_too_large) without reading it', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${t.sim.url}/2/files/upload`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${t.token}`,
          'content-type': 'application/octet-stream',
          'dropbox-api-arg': JSON.stringify({ path: '/big.bin' }),
          'content-length': String(MAX_UPLOAD_BYTES + 1),
        },
      });
      req.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('a few bytes, far from the declared length');
    });
    expect(answer.status).toBe(409);
    const body = JSON.parse(answer.body);
    expect(body.error).toEqual({ '.tag': 'payload_too_large' });
    expect(
      stoneErrors(spec, 'files', spec.routeByPath('files/upload')!.error, body.error, 'e'),
    ).toEqual([]);
    expect((await rpc('files/get_metadata', { path: '/big.bin' })).status).toBe(409);
  });

  it('downloads the content with its metadata in Dropbox-API-Result, escaped to ASCII', async () => {
    const name = '/Ünïcode ✓.md';
    const put = await upload({ path: name }, 'Grüße');
    const answer = await download({ path: name });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('Grüße');
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    const header = answer.headers.get('dropbox-api-result')!;
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).toContain('\\u00dcn\\u00efcode \\u2713.md');
    expect(JSON.parse(header)).toEqual(put.body);
    const byId = await download({ path: put.body.id });
    expect(byId.text).toBe('Grüße');
    const unescaped = await t.download(null, {
      headers: { 'dropbox-api-arg': '{"path": "/Ünïcode.md"}' },
    });
    expect([unescaped.status, unescaped.text]).toEqual([
      400,
      'Error in call to API function "files/download": HTTP header "Dropbox-API-Arg": could not decode input as JSON',
    ]);
  });

  it('downloads by GET with the arg and authorization URL parameters (for browsers)', async () => {
    const answer = await download({ path: '/doc.md' }, { query: true });
    expect([answer.status, answer.text]).toEqual([200, 'v4']);
  });

  it('downloads an earlier revision by rev:, and refuses a folder or a missing file', async () => {
    const revisions = await rpc('files/list_revisions', { path: '/doc.md' });
    const oldest = revisions.body.entries.at(-1);
    const old = await download({ path: `rev:${oldest.rev}` });
    expect(old.text).toBe('v1');
    expect(JSON.parse(old.headers.get('dropbox-api-result')!).rev).toBe(oldest.rev);
    const folder = await download({ path: '/Notes' });
    expect(folder.body.error).toEqual({ '.tag': 'path', path: { '.tag': 'not_file' } });
    const missing = await download({ path: '/nothing.md' });
    expect(missing.body.error).toEqual({ '.tag': 'path', path: { '.tag': 'not_found' } });
    expect(missing.body.error_summary).toMatch(/^path\/not_found\/\.{2,3}$/);
  });
});

describe('revisions', () => {
  it('lists a file’s revisions newest first, 10 by default, up to 100, before a rev, by id', async () => {
    const revs: string[] = [];
    for (let i = 1; i <= 12; i++) {
      tick();
      const put = await upload({ path: '/history.md', mode: 'overwrite' }, `version ${i}`);
      revs.push(put.body.rev as string);
    }
    const first = await rpc('files/list_revisions', { path: '/History.md' });
    expect(first.body.is_deleted).toBe(false);
    expect(first.body.has_more).toBe(true);
    expect(first.body.entries.map((e: { rev: string }) => e.rev)).toEqual(revs.slice(2).reverse());
    expect(first.body.entries[0].size).toBe('version 12'.length);
    const all = await rpc('files/list_revisions', { path: '/history.md', limit: 100 });
    expect(all.body.entries.map((e: { rev: string }) => e.rev)).toEqual([...revs].reverse());
    expect(all.body.has_more).toBe(false);
    const before = await rpc('files/list_revisions', {
      path: '/history.md',
      before_rev: revs[2],
      limit: 5,
    });
    expect(before.body.entries.map((e: { rev: string }) => e.rev)).toEqual([revs[1], revs[0]]);
    const byId = await rpc('files/list_revisions', {
      path: first.body.entries[0].id,
      mode: 'id',
      limit: 1,
    });
    expect(byId.body.entries[0].rev).toBe(revs[11]);
    const tooMany = await rpc('files/list_revisions', { path: '/history.md', limit: 101 });
    expect([tooMany.status, tooMany.text]).toEqual([
      400,
      'Error in call to API function "files/list_revisions": request body: limit: 101 is not within 1..100',
    ]);
    const folder = await rpc('files/list_revisions', { path: '/Notes' });
    expect(folder.body.error).toEqual({ '.tag': 'path', path: { '.tag': 'not_file' } });
    const unknownRev = await rpc('files/list_revisions', {
      path: '/history.md',
      before_rev: 'abcdef0123',
    });
    expect(unknownRev.body.error).toEqual({ '.tag': 'invalid_before_rev' });
    const malformed = await rpc('files/list_revisions', { path: '/history.md/' });
    expect(malformed.body.error).toEqual({ '.tag': 'path', path: { '.tag': 'malformed_path' } });
  });

  it('keeps a deleted file’s revisions: is_deleted and server_deleted', async () => {
    await upload({ path: '/gone.md' }, 'soon gone');
    tick(5);
    const deleted = await rpc('files/delete_v2', { path: '/gone.md' });
    expect(deleted.body.metadata).toMatchObject({ '.tag': 'file', path_display: '/gone.md' });
    const revisions = await rpc('files/list_revisions', { path: '/gone.md' });
    expect(revisions.body).toMatchObject({ is_deleted: true, has_more: false });
    expect(revisions.body.server_deleted).toBe(
      new Date(clock).toISOString().replace(/\.\d+Z$/, 'Z'),
    );
    expect(revisions.body.entries).toHaveLength(1);
  });
});

describe('listing and deleting', () => {
  it('lists a folder in pages, then what changed since', async () => {
    for (const name of ['a', 'b', 'c']) await upload({ path: `/List/${name}.md` }, name);
    await upload({ path: '/List/sub/d.md' }, 'd');
    const first = await rpc('files/list_folder', { path: '/list', limit: 2 });
    expect(first.body.entries.map((e: { name: string }) => e.name)).toEqual(['a.md', 'b.md']);
    expect(first.body.has_more).toBe(true);
    const second = await rpc('files/list_folder/continue', { cursor: first.body.cursor });
    expect(
      second.body.entries.map((e: { name: string; '.tag': string }) => `${e['.tag']} ${e.name}`),
    ).toEqual(['file c.md', 'folder sub']);
    expect(second.body.has_more).toBe(false);
    const recursive = await rpc('files/list_folder', { path: '/List', recursive: true });
    expect(recursive.body.entries.map((e: { path_display: string }) => e.path_display)).toContain(
      '/List/sub/d.md',
    );
    await rpc('files/delete_v2', { path: '/List/a.md' });
    await upload({ path: '/List/e.md' }, 'e');
    const changes = await rpc('files/list_folder/continue', { cursor: second.body.cursor });
    expect(
      changes.body.entries.map((e: { name: string; '.tag': string }) => `${e['.tag']} ${e.name}`),
    ).toEqual(['deleted a.md', 'file e.md']);
    const none = await rpc('files/list_folder/continue', { cursor: changes.body.cursor });
    expect(none.body.entries).toEqual([]);
    const notFolder = await rpc('files/list_folder', { path: '/List/b.md' });
    expect(notFolder.body.error).toEqual({ '.tag': 'path', path: { '.tag': 'not_folder' } });
    const missing = await rpc('files/list_folder', { path: '/Nowhere' });
    expect(missing.body.error).toEqual({ '.tag': 'path', path: { '.tag': 'not_found' } });
    const forged = await rpc('files/list_folder/continue', { cursor: 'not-a-cursor' });
    expect([forged.status, forged.text]).toEqual([
      400,
      'Error in call to API function "files/list_folder/continue": Invalid "cursor" parameter: could not decode cursor',
    ]);
    const sub = await rpc('files/list_folder', { path: '/List/sub' });
    await rpc('files/delete_v2', { path: '/List/sub' });
    const reset = await rpc('files/list_folder/continue', { cursor: sub.body.cursor });
    expect(reset.body.error).toEqual({ '.tag': 'reset' });
  });

  it('deletes a folder with what it holds; a deleted entry shows with include_deleted', async () => {
    const answer = await rpc('files/delete_v2', { path: '/List' });
    expect(answer.body.metadata).toMatchObject({ '.tag': 'folder', path_display: '/List' });
    const inner = await rpc('files/get_metadata', { path: '/List/sub/d.md' });
    expect(inner.body.error).toEqual({ '.tag': 'path', path: { '.tag': 'not_found' } });
    const deleted = await rpc('files/get_metadata', { path: '/List/b.md', include_deleted: true });
    expect(deleted.body).toEqual({
      '.tag': 'deleted',
      name: 'b.md',
      path_lower: '/list/b.md',
      path_display: '/List/b.md',
    });
    const again = await rpc('files/delete_v2', { path: '/List' });
    expect(again.body.error).toEqual({
      '.tag': 'path_lookup',
      path_lookup: { '.tag': 'not_found' },
    });
  });
});

describe('an app-folder app', () => {
  let restricted: string;
  beforeAll(() => {
    restricted = t.sim.dropbox.accounts.issue(t.alice, t.restricted).token;
  });

  it('sees its own folder as the root, which the full-Dropbox app sees under /Applications', async () => {
    const put = await upload({ path: '/Draft.md' }, 'inside', { token: restricted });
    expect(put.body).toMatchObject({ path_display: '/Draft.md', path_lower: '/draft.md' });
    const outside = await rpc('files/get_metadata', {
      path: `${APP_FOLDER_PARENT}/Inkstone (restricted)/Draft.md`,
    });
    expect(outside.body).toMatchObject({
      id: put.body.id,
      path_display: '/Applications/Inkstone (restricted)/Draft.md',
    });
    const root = await rpc('files/list_folder', { path: '' }, { token: restricted });
    expect(root.body.entries.map((e: { path_display: string }) => e.path_display)).toEqual([
      '/Draft.md',
    ]);
  });

  it('reaches nothing outside it, by path, by id or by rev', async () => {
    const doc = await rpc('files/get_metadata', { path: '/doc.md' });
    for (const path of ['/doc.md', doc.body.id as string, `rev:${doc.body.rev as string}`]) {
      const answer = await rpc('files/get_metadata', { path }, { token: restricted });
      expect(answer.body.error, path).toEqual({ '.tag': 'path', path: { '.tag': 'not_found' } });
    }
    const read = await download({ path: doc.body.id }, { token: restricted });
    expect(read.status).toBe(409);
  });
});

describe('tokens, scopes and errors of every call', () => {
  it('answers 400 without a token, 401 invalid_access_token for an unknown one', async () => {
    const none = await rpc('users/get_current_account', undefined, { token: null });
    expect([none.status, none.text]).toEqual([
      400,
      'Error in call to API function "users/get_current_account": Must provide HTTP header "Authorization" or URL parameter "authorization".',
    ]);
    const unknown = await rpc('users/get_current_account', undefined, { token: 'sl.nonsense' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toEqual({ '.tag': 'invalid_access_token' });
    expect(unknown.body.error_summary).toMatch(/^invalid_access_token\/\.{2,3}$/);
  });

  it('answers 401 expired_access_token once the four hours are past', async () => {
    const token = t.sim.dropbox.accounts.issue(t.alice, t.full).token;
    expect((await rpc('users/get_current_account', undefined, { token })).status).toBe(200);
    tick(14400);
    const expired = await rpc('users/get_current_account', undefined, { token });
    expect([expired.status, expired.body.error]).toEqual([401, { '.tag': 'expired_access_token' }]);
  });

  it('answers 401 missing_scope naming the scope the description gives the route', async () => {
    const token = t.sim.dropbox.accounts.issue(t.alice, t.full, {
      scopes: ['account_info.read'],
    }).token;
    const answer = await upload({ path: '/x.md' }, 'x', { token });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toEqual({
      '.tag': 'missing_scope',
      required_scope: 'files.content.write',
    });
    expect(spec.attr(spec.routeByPath('files/upload')!, 'scope')).toBe('files.content.write');
  });

  it('revokes the token of the call (auth/token/revoke)', async () => {
    const token = t.sim.dropbox.accounts.issue(t.alice, t.full).token;
    const answer = await rpc('auth/token/revoke', undefined, { token });
    expect([answer.status, answer.text]).toEqual([200, 'null']);
    const after = await rpc('users/get_current_account', undefined, { token });
    expect(after.body.error).toEqual({ '.tag': 'invalid_access_token' });
  });

  it('answers a browser’s pre-flight with the headers a Dropbox call needs', async () => {
    const answer = await fetch(`${t.sim.url}/2/files/upload`, { method: 'OPTIONS' });
    expect(answer.headers.get('access-control-allow-headers')).toMatch(
      /Authorization.*Content-Type.*Dropbox-API-Arg/,
    );
    expect(answer.headers.get('access-control-expose-headers')).toContain('Dropbox-API-Result');
  });
});

describe('OAuth', () => {
  const authorize = (params: Record<string, string>, init: RequestInit = {}) =>
    fetch(`${t.sim.url}/oauth2/authorize?${new URLSearchParams(params).toString()}`, {
      redirect: 'manual',
      ...init,
    });
  const allow = (params: Record<string, string>, email = 'alice@example.com') =>
    fetch(`${t.sim.url}/oauth2/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, email }).toString(),
    });
  const token = async (fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.sim.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (await response.json()) as any };
  };
  const verifier = 'a'.repeat(20) + 'b'.repeat(30);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const pkce = {
    client_id: 'inkstone-restricted',
    response_type: 'code',
    redirect_uri: DROPBOX_REDIRECT,
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    token_access_type: 'offline',
  };

  it('shows the sign-in page, naming what the app asks for', async () => {
    const page = await (await authorize(pkce)).text();
    expect(page).toContain('<h1>Sign in to Dropbox</h1>');
    expect(page).toContain(
      'Inkstone (restricted) would like access to its own folder, Applications › Inkstone (restricted)',
    );
    expect(page).toMatch(/<button type="submit">Allow<\/button>/);
  });

  it('code with PKCE: the code and state back, a token for the verifier, then refreshed', async () => {
    const back = await allow(pkce);
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(DROPBOX_REDIRECT);
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code')!;
    const wrong = await token({
      grant_type: 'authorization_code',
      code,
      client_id: 'inkstone-restricted',
      redirect_uri: DROPBOX_REDIRECT,
      code_verifier: 'c'.repeat(50),
    });
    expect(wrong).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'invalid code verifier' },
    });
    const again = await allow(pkce);
    const code2 = new URL(again.headers.get('location')!).searchParams.get('code')!;
    const granted = await token({
      grant_type: 'authorization_code',
      code: code2,
      client_id: 'inkstone-restricted',
      redirect_uri: DROPBOX_REDIRECT,
      code_verifier: verifier,
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 14400,
      account_id: t.alice.accountId,
      uid: t.alice.uid,
    });
    expect(Object.keys(granted.body).sort()).toEqual([
      'access_token',
      'account_id',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
      'uid',
    ]);
    const reused = await token({
      grant_type: 'authorization_code',
      code: code2,
      client_id: 'inkstone-restricted',
      redirect_uri: DROPBOX_REDIRECT,
      code_verifier: verifier,
    });
    expect(reused.body.error).toBe('invalid_grant');
    const files = await rpc(
      'files/list_folder',
      { path: '' },
      { token: granted.body.access_token },
    );
    expect(files.body.entries.map((e: { name: string }) => e.name)).toEqual(['Draft.md']);
    tick(14401);
    const expired = await rpc(
      'files/list_folder',
      { path: '' },
      { token: granted.body.access_token },
    );
    expect(expired.body.error).toEqual({ '.tag': 'expired_access_token' });
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: granted.body.refresh_token,
      client_id: 'inkstone-restricted',
    });
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body).sort()).toEqual([
      'access_token',
      'expires_in',
      'token_type',
    ]);
    const fresh = await rpc(
      'files/list_folder',
      { path: '' },
      { token: refreshed.body.access_token },
    );
    expect(fresh.status).toBe(200);
  });

  it('code with the app secret (HTTP Basic), online: no refresh token', async () => {
    const back = await allow({
      client_id: 'inkstone-full',
      response_type: 'code',
      redirect_uri: DROPBOX_REDIRECT,
    });
    const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
    const basic = `Basic ${Buffer.from('inkstone-full:shh').toString('base64')}`;
    const noSecret = await token({
      grant_type: 'authorization_code',
      code,
      client_id: 'inkstone-full',
      redirect_uri: DROPBOX_REDIRECT,
    });
    expect(noSecret.body.error).toBe('invalid_client');
    const back2 = await allow({
      client_id: 'inkstone-full',
      response_type: 'code',
      redirect_uri: DROPBOX_REDIRECT,
    });
    const code2 = new URL(back2.headers.get('location')!).searchParams.get('code')!;
    const granted = await token(
      { grant_type: 'authorization_code', code: code2, redirect_uri: DROPBOX_REDIRECT },
      { authorization: basic },
    );
    expect(granted.status).toBe(200);
    expect(granted.body.refresh_token).toBeUndefined();
    const badSecret = await token(
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { authorization: `Basic ${Buffer.from('inkstone-full:nope').toString('base64')}` },
    );
    expect(badSecret.body.error).toBe('invalid_client');
  });

  it('token flow in the fragment; Cancel is access_denied; a redirect URI not registered is never used', async () => {
    const implicit = await allow({
      client_id: 'inkstone-full',
      response_type: 'token',
      redirect_uri: DROPBOX_REDIRECT,
      state: 's',
    });
    const fragment = new URLSearchParams(new URL(implicit.headers.get('location')!).hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('account_id')).toBe(t.alice.accountId);
    expect(fragment.get('state')).toBe('s');
    const me = await rpc('users/get_current_account', undefined, {
      token: fragment.get('access_token'),
    });
    expect(me.status).toBe(200);
    const cancel = await authorize({
      client_id: 'inkstone-full',
      response_type: 'code',
      redirect_uri: DROPBOX_REDIRECT,
      cancel: '1',
    });
    expect(new URL(cancel.headers.get('location')!).searchParams.get('error')).toBe(
      'access_denied',
    );
    const foreign = await authorize({
      client_id: 'inkstone-full',
      response_type: 'code',
      redirect_uri: 'https://evil.example/cb',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
    expect(await foreign.text()).toContain('Invalid redirect_uri');
  });
});

describe('faults on Dropbox’s paths', () => {
  it('a 5xx in plain text, changing nothing', async () => {
    t.sim.faults.next({ status: 503, path: /^\/2\/files\/upload/ });
    const answer = await t.upload({ path: '/fault.md' }, 'x');
    expect([answer.status, answer.text]).toEqual([503, 'Service Unavailable']);
    const after = await rpc('files/get_metadata', { path: '/fault.md' });
    expect(after.status).toBe(409);
  });

  it('429 too_many_requests with Retry-After; expired_access_token on demand', async () => {
    t.sim.faults.next({ rateLimit: true, retryAfter: 7, path: /^\/2\/files\/list_folder$/ });
    const limited = await rpc('files/list_folder', { path: '' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body.error).toEqual({ reason: { '.tag': 'too_many_requests' }, retry_after: 7 });
    expect(limited.body.error_summary).toMatch(/^too_many_requests\/\.{2,3}$/);
    t.sim.faults.next({ expiredToken: true, path: /^\/2\/users\// });
    const expired = await rpc('users/get_current_account');
    expect(expired.body.error).toEqual({ '.tag': 'expired_access_token' });
  });

  it('a dropped reply after the upload is written', async () => {
    t.sim.faults.next({ dropReply: true, path: /^\/2\/files\/upload/ });
    await expect(t.upload({ path: '/dropped.md' }, 'written')).rejects.toThrow();
    expect((await download({ path: '/dropped.md' })).text).toBe('written');
  });
});

describe('coverage of the checks', () => {
  it('checked a 200 answer of every route against its result type, and each error against its union', () => {
    expect([...checked].sort()).toEqual(DROPBOX_ROUTES.map((route) => route.path).sort());
    expect(
      Object.fromEntries([...errorTags].map(([route, tags]) => [route, [...tags].sort()])),
    ).toMatchObject({
      'files/upload': ['content_hash_mismatch', 'path'],
      'files/download': ['path'],
      'files/get_metadata': ['path'],
      'files/list_revisions': ['invalid_before_rev', 'path'],
      'files/list_folder': ['path'],
      'files/list_folder/continue': ['reset'],
      'files/delete_v2': ['path_lookup'],
      'users/get_account': ['no_account'],
    });
  });
});
