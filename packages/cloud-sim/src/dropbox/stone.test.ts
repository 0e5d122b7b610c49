import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_HASH_BLOCK, contentHash } from './content-hash.js';
import { stoneErrors } from './stone-check.js';
import {
  parseStone,
  STONE_FILES,
  StoneSpec,
  type StoneStruct,
  type StoneTypeRef,
  type StoneUnion,
} from './stone.js';

const spec = StoneSpec.fixtures();
const source = (file: string) =>
  readFileSync(new URL(`../../fixtures/dropbox/${file}.stone`, import.meta.url), 'utf8');
const ref = (name: string, ns?: string) => ({
  name,
  ...(ns ? { ns } : {}),
  params: [],
  options: {},
  nullable: false,
});
const check = (ns: string, name: string, value: unknown) =>
  stoneErrors(spec, ns, ref(name), value, name);

describe('the Stone reader on Dropbox’s spec files', () => {
  it.each(STONE_FILES)('%s.stone: every route, struct, union and alias written is read', (file) => {
    const text = source(file);
    const ns = parseStone(text);
    expect(ns.name).toBe(file);
    expect(ns.imports).toEqual([...text.matchAll(/^import (\w+)/gm)].map((m) => m[1]));
    expect(ns.routes.map((r) => `${r.name}${r.version > 1 ? `:${r.version}` : ''}`)).toEqual(
      [...text.matchAll(/^route ([\w/]+(?::\d+)?)/gm)].map((m) => m[1]),
    );
    const written = [...text.matchAll(/^(?:struct|union|union_closed|alias) (\w+)/gm)].map(
      (m) => m[1],
    );
    expect([...ns.definitions.keys()].sort()).toEqual([...new Set(written)].sort());
  });

  it('reads every String pattern of the files as a regular expression JavaScript compiles', () => {
    const patterns: string[] = [];
    const visit = (type: StoneTypeRef) => {
      if (typeof type.options.pattern === 'string') patterns.push(type.options.pattern);
      type.params.forEach(visit);
    };
    for (const ns of spec.namespaces.values()) {
      for (const definition of ns.definitions.values()) {
        if (definition.kind === 'alias') visit(definition.type);
        else if (definition.kind === 'struct')
          definition.fields.forEach((field) => visit(field.type));
        else definition.tags.forEach((tag) => tag.type && visit(tag.type));
      }
    }
    expect(patterns.length).toBeGreaterThan(20);
    for (const pattern of patterns)
      expect(() => new RegExp(`^(?:${pattern})$`), pattern).not.toThrow();
    expect(new RegExp(`^(?:${patterns.find((p) => p.startsWith('[^'))!})$`).test('a:b')).toBe(
      false,
    );
  });

  it('reads a route’s version, types and attrs, and stone_cfg’s defaults for the attrs left out', () => {
    const upload = spec.routeByPath('files/upload')!;
    expect(upload.arg.name).toBe('UploadArg');
    expect(upload.result.name).toBe('FileMetadata');
    expect(upload.error.name).toBe('UploadError');
    expect(upload.attrs).toMatchObject({
      host: 'content',
      style: 'upload',
      scope: 'files.content.write',
    });
    const deleteV2 = spec.routeByPath('files/delete_v2')!;
    expect([deleteV2.name, deleteV2.version, deleteV2.result.name]).toEqual([
      'delete',
      2,
      'DeleteResult',
    ]);
    expect(spec.route('files', 'delete')!.deprecated).toBe(true);
    expect(deleteV2.deprecated).toBe(false);
    const getMetadata = spec.routeByPath('files/get_metadata')!;
    expect(getMetadata.attrs.host).toBeUndefined();
    expect(spec.attr(getMetadata, 'host')).toBe('api');
    expect(spec.attr(getMetadata, 'style')).toBe('rpc');
    expect(spec.routeByPath('files/list_folder/continue')!.arg.name).toBe('ListFolderContinueArg');
    expect(spec.routeByPath('users/get_current_account')!.arg.name).toBe('Void');
    expect(spec.routeByPath('files/no_such_route')).toBeUndefined();
  });

  it('reads fields with their types, defaults and `?`, inherited fields first', () => {
    const upload = spec.definition('files', 'UploadArg') as StoneStruct;
    const fields = spec.fields(upload);
    expect(fields.map((f) => f.name)).toEqual([
      'path',
      'mode',
      'autorename',
      'client_modified',
      'mute',
      'property_groups',
      'strict_conflict',
      'content_hash',
    ]);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.mode!.default).toBe('add');
    expect(byName.autorename!.default).toBe('false');
    expect(byName.client_modified!.type).toMatchObject({
      ns: 'common',
      name: 'DropboxTimestamp',
      nullable: true,
    });
    expect(byName.property_groups!.type).toMatchObject({ name: 'List', nullable: true });
    expect(byName.property_groups!.type.params[0]).toMatchObject({
      ns: 'file_properties',
      name: 'PropertyGroup',
    });
    const revisions = spec.fields(spec.definition('files', 'ListRevisionsArg') as StoneStruct);
    expect(revisions.find((f) => f.name === 'limit')).toMatchObject({
      default: '10',
      type: { name: 'UInt64', options: { min_value: 1, max_value: 100 } },
    });
  });

  it('reads unions (open ones with `other`), their tags’ types, `extends`, subtypes and aliases', () => {
    const mode = spec.definition('files', 'WriteMode') as StoneUnion;
    expect(mode.closed).toBe(true);
    expect(spec.tags(mode)).toEqual([
      { name: 'add' },
      { name: 'overwrite' },
      { name: 'update', type: ref('Rev') },
    ]);
    const lookup = spec
      .tags(spec.definition('files', 'LookupError') as StoneUnion)
      .map((t) => t.name);
    expect(lookup).toEqual([
      'malformed_path',
      'not_found',
      'not_file',
      'not_folder',
      'restricted_content',
      'unsupported_content_type',
      'locked',
      'other',
    ]);
    const alpha = spec.definition('files', 'AlphaGetMetadataError') as StoneUnion;
    expect(spec.tags(alpha).map((t) => t.name)).toEqual(['path', 'properties_error']);
    const metadata = spec.definition('files', 'Metadata') as StoneStruct;
    expect(metadata.subtypes!.map((s) => s.tag)).toEqual(['file', 'folder', 'deleted']);
    expect(spec.definition('files', 'Rev')).toMatchObject({
      kind: 'alias',
      type: { name: 'String', options: { min_length: 9, pattern: '[0-9a-f]+' } },
    });
    expect(spec.definition('common', 'DropboxTimestamp')).toMatchObject({
      type: { name: 'Timestamp', options: { format: '%Y-%m-%dT%H:%M:%SZ' } },
    });
  });

  it('joins a docstring over lines, with escaped quotes and a # inside, and skips examples', () => {
    const ns = parseStone(`namespace demo

import common

struct Thing
    "A \\"thing\\" # not a comment
    on two lines."
    name String(pattern="[a-z\\"]+")
        "Its name."
    count UInt32 = 3

    example default
        name = "x"

# A comment
union_closed Kind extends Base
    one
    two Thing?
        "The second."

route things/get:3 (Thing, Kind, Void) deprecated
    "Gets."

    attrs
        host = "content"
        allow_app_folder_app = true
`);
    const thing = ns.definitions.get('Thing') as StoneStruct;
    expect(thing.fields.map((f) => [f.name, f.type.name, f.default])).toEqual([
      ['name', 'String', undefined],
      ['count', 'UInt32', '3'],
    ]);
    expect(thing.fields[0]!.type.options.pattern).toBe('[a-z"]+');
    const kind = ns.definitions.get('Kind') as StoneUnion;
    expect(kind.extends!.name).toBe('Base');
    expect(kind.tags).toEqual([
      { name: 'one' },
      { name: 'two', type: { ...ref('Thing'), nullable: true } },
    ]);
    expect(ns.routes[0]).toMatchObject({
      name: 'things/get',
      version: 3,
      deprecated: true,
      attrs: { host: 'content', allow_app_folder_app: true },
    });
  });
});

describe('values checked against the description', () => {
  const file = {
    '.tag': 'file',
    name: 'Prime_Numbers.txt',
    path_lower: '/homework/math/prime_numbers.txt',
    path_display: '/Homework/math/Prime_Numbers.txt',
    id: 'id:a4ayc_80_OEAAAAAAAAAXw',
    client_modified: '2015-05-12T15:50:38Z',
    server_modified: '2015-05-12T15:50:38Z',
    rev: 'a1c10ce0dd78',
    size: 7212,
    is_downloadable: true,
    content_hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  };

  it('accepts FileMetadata as the spec’s example gives it, as Metadata by its .tag too', () => {
    expect(check('files', 'Metadata', file)).toEqual([]);
    const { ['.tag']: _, ...plain } = file;
    expect(check('files', 'FileMetadata', plain)).toEqual([]);
  });

  it('refuses an undeclared field, a missing required one, a bad rev, a timestamp with milliseconds', () => {
    expect(check('files', 'Metadata', { ...file, mime_type: 'text/plain' })).toEqual([
      'Metadata.mime_type: not a field of files.FileMetadata',
    ]);
    const { rev: _rev, ...noRev } = file;
    expect(check('files', 'Metadata', noRev)).toEqual(['Metadata.rev: a value is required']);
    expect(check('files', 'Metadata', { ...file, rev: 'a1c1' })[0]).toMatch(/rev: shorter than 9/);
    expect(
      check('files', 'Metadata', { ...file, server_modified: '2015-05-12T15:50:38.000Z' })[0],
    ).toMatch(/server_modified: .* is not a timestamp/);
    expect(check('files', 'Metadata', { ...file, '.tag': 'symlink' })[0]).toMatch(/not a subtype/);
  });

  it('reads unions as Dropbox writes them: a void tag as a string, a value under its tag or inlined', () => {
    expect(check('files', 'WriteMode', 'overwrite')).toEqual([]);
    expect(check('files', 'WriteMode', { '.tag': 'update', update: 'a1c10ce0dd78' })).toEqual([]);
    expect(check('files', 'WriteMode', 'update')).toEqual([
      'WriteMode: the tag update needs a value',
    ]);
    expect(check('files', 'WriteMode', 'append')[0]).toMatch(
      /"append" is not a tag of files.WriteMode/,
    );
    expect(
      check('files', 'GetMetadataError', { '.tag': 'path', path: { '.tag': 'not_found' } }),
    ).toEqual([]);
    expect(check('files', 'LookupError', 'other')).toEqual([]);
    // malformed_path's value is MalformedPathError, an alias of `String?`: it may be left out.
    expect(check('files', 'LookupError', { '.tag': 'malformed_path' })).toEqual([]);
    expect(check('files', 'LookupError', 'malformed_path')).toEqual([]);
    expect(
      check('files', 'LookupError', { '.tag': 'malformed_path', malformed_path: 'why' }),
    ).toEqual([]);
    expect(check('files', 'GetMetadataError', 'other')[0]).toMatch(/not a tag/); // A closed union.
    const conflict = {
      '.tag': 'path',
      reason: { '.tag': 'conflict', conflict: { '.tag': 'file' } },
      upload_session_id: 'pid_upload_session:x',
    };
    expect(check('files', 'UploadError', conflict)).toEqual([]);
    expect(check('files', 'UploadError', { ...conflict, upload_session_id: undefined })).toEqual([
      'UploadError.upload_session_id: a value is required',
    ]);
  });

  it('holds numbers to their kind and range', () => {
    const arg = { path: '/a.txt' };
    expect(check('files', 'ListRevisionsArg', { ...arg, limit: 100 })).toEqual([]);
    expect(check('files', 'ListRevisionsArg', { ...arg, limit: 101 })).toEqual([
      'ListRevisionsArg.limit: 101 is not within 1..100',
    ]);
    expect(check('files', 'ListRevisionsArg', { ...arg, limit: '5' })[0]).toMatch(
      /an integer expected/,
    );
    expect(check('files', 'ListRevisionsArg', { path: 'a.txt' })[0]).toMatch(
      /did not match pattern/,
    );
  });
});

describe('Dropbox’s content hash', () => {
  // The expected hashes were computed apart from this code, with Python's hashlib, by the steps
  // of Dropbox's "Content hash" page (4 MiB blocks, SHA-256 each, SHA-256 of the digests).
  const pattern = (length: number) => {
    const bytes = Buffer.alloc(length);
    for (let i = 0; i < length; i++) bytes[i] = (i * 7 + 3) % 251;
    return bytes;
  };

  it('is the SHA-256 of the empty string for an empty file (no block)', () => {
    expect(contentHash(Buffer.alloc(0))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('hashes one short block, one whole block and three blocks, the last one short', () => {
    expect(contentHash(Buffer.from('hello'))).toBe(
      '9595c9df90075148eb06860365df33584b75bff782a510c6cd4883a419833d50',
    );
    expect(contentHash(pattern(CONTENT_HASH_BLOCK))).toBe(
      'e778b044d0f8d74788d6b6eb0e9a083d3abc99b5a3cacaf9c99ccc8b0e5e1450',
    );
    expect(contentHash(pattern(9 * 1024 * 1024 + 5))).toBe(
      '100786b45533d6934e25bdbd5f31ff63e83dbd2340495bc714d8ff9b6c220bd4',
    );
  });
});
