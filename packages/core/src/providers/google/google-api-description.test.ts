// Every call the core Google clients make, checked against Google's discovery documents (the
// ones cloud-sim keeps in fixtures/: drive-v3.json, blogger-v3.json): the method exists, by
// HTTP verb and path template (simple uploads by the method's `mediaUpload` path); each query
// parameter is one of the method's or a global one of the document (`alt=media` only where the
// method supports media download); each top-level key of a JSON body (or of a multipart
// upload's metadata part) is a property of the method's request schema; each field of a
// `fields` selection is in the response schema; and the JSON answers the clients read conform
// to the response schema. Driven: the DriveClient's every method, a Drive workspace synced (a
// folder and the app data folder), a Drive file synced and published, and the Blogger
// publisher (a post and a page, inserted, updated, published, reverted to draft).
import {
  discovery,
  type Discovery,
  discoveryMethods,
  type DiscoveryMethod as Method,
  type DiscoverySchema as Schema,
  schemaErrorsAt,
} from '@inkstone/cloud-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../../db/memory-repository.js';
import { withHash } from '../../items/hash.js';
import { type LocationItem } from '../../items/types.js';
import { type PublishLocation } from '../../publish/publisher.js';
import { type FetchPort, HttpClient } from '../../sync/http-client.js';
import { syncFileLocations } from '../../sync/location-sync.js';
import { type SyncData } from '../../sync/workspace-provider.js';
import { WorkspaceSynchronizer } from '../../sync/workspace-sync.js';
import { nodeFetch, nodeTimers } from '../../testing/couchdb-provider.js';
import {
  DRIVE_TEST_CLIENT,
  type DriveTestCloud,
  startDriveTestCloud,
} from '../../testing/drive-provider.js';
import { databaseWithFile } from '../../testing/github-location-forge.js';
import { testContent, testFile, testFolder } from '../../testing/test-items.js';
import { BloggerClient } from '../blogger/blogger-client.js';
import { createBloggerPublisher } from '../blogger/blogger-publisher.js';
import { BLOGGER_PROVIDER_IDS } from '../blogger/constants.js';
import { GOOGLE_DRIVE_SYNC_PROVIDER_ID } from '../google-drive/constants.js';
import { DRIVE_FOLDER_MIME } from '../google-drive/drive-client.js';
import { createDriveFileProvider } from '../google-drive/file-location-provider.js';
import { createDriveFilePublisher } from '../google-drive/file-location-publisher.js';
import { type FreshGoogleToken, GOOGLE_SCOPE, googleEndpoints } from './google-token.js';

/** A path a method answers on, as a pattern of the request's path. */
interface Route {
  doc: Discovery;
  method: Method;
  template: string;
  upload: boolean;
  pattern: RegExp;
  /** Literal templates (files/trash) win over ones with a placeholder (files/{fileId}). */
  placeholders: number;
}

// Where the services answer on cloud-sim (as on www.googleapis.com): Drive under /drive/v3/
// (its servicePath) and /upload/drive/v3/ (mediaUpload paths), Blogger under /blogger/ (its
// paths start with v3/).
const routes: Route[] = [];
function addRoutes(doc: Discovery, prefix: string) {
  for (const method of discoveryMethods(doc)) {
    const templates: [string, boolean][] = [[`${prefix}${method.path}`, false]];
    const simple = method.mediaUpload?.protocols.simple?.path;
    if (simple) templates.push([simple, true]);
    for (const [template, upload] of templates) {
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('');
      routes.push({
        doc,
        method,
        template,
        upload,
        pattern: new RegExp(`^${source}$`),
        placeholders: (template.match(/\{/g) ?? []).length,
      });
    }
  }
}
const drive = discovery('drive-v3.json');
const blogger = discovery('blogger-v3.json');
addRoutes(drive, `/${drive.servicePath}`);
addRoutes(blogger, '/blogger/');
routes.sort((a, b) => a.placeholders - b.placeholders);

/** A `fields` selection (`nextPageToken,files(id,name)`) as a tree of names. */
type Selection = Map<string, Selection>;
function parseFields(text: string): Selection {
  let at = 0;
  const list = (): Selection => {
    const selection: Selection = new Map();
    while (at < text.length && text[at] !== ')') {
      const name = /^[^,()]*/.exec(text.slice(at))![0];
      at += name.length;
      let inner: Selection = new Map();
      if (text[at] === '(') {
        at += 1;
        inner = list();
        at += 1; // ')'
      }
      // `a/b` selects b inside a.
      const parts = name.trim().split('/');
      let level = selection;
      for (const [index, part] of parts.entries()) {
        const next = level.get(part) ?? new Map<string, Selection>();
        level.set(part, next);
        if (index === parts.length - 1) for (const [k, v] of inner) next.set(k, v);
        level = next;
      }
      if (text[at] === ',') at += 1;
    }
    return selection;
  };
  return list();
}

/** The fields of a selection the schema has not. */
function selectionErrors(doc: Discovery, schema: Schema, selection: Selection, at: string) {
  let resolved = schema;
  while (resolved.$ref || resolved.type === 'array') {
    resolved = resolved.$ref ? (doc.schemas[resolved.$ref] ?? {}) : (resolved.items ?? {});
  }
  const errors: string[] = [];
  for (const [name, inner] of selection) {
    const property = resolved.properties?.[name];
    if (!property) {
      errors.push(`${at}${name}: not a field of the response`);
      continue;
    }
    errors.push(...selectionErrors(doc, property, inner, `${at}${name}.`));
  }
  return errors;
}

interface Call {
  method: string;
  url: URL;
  body?: string;
  contentType?: string;
  status: number;
  answer: string;
}
const calls: Call[] = [];
const recording: FetchPort = async (url, init) => {
  const response = await nodeFetch(url, init);
  const answer = await response.text();
  calls.push({
    method: init.method,
    url: new URL(url),
    body: typeof init.body === 'string' ? init.body : undefined,
    contentType: init.headers?.['Content-Type'],
    status: response.status,
    answer,
  });
  return {
    status: response.status,
    headers: response.headers,
    text: () => Promise.resolve(answer),
  };
};

// The JSON a request sends: its body, or the metadata part of a multipart upload.
function sentJson(call: Call): unknown {
  if (call.body === undefined || call.body === '') return undefined;
  const boundary = /multipart\/related; boundary=(.+)$/.exec(call.contentType ?? '')?.[1];
  if (!boundary) return JSON.parse(call.body);
  const first = call.body.split(`--${boundary}`)[1]!;
  return JSON.parse(first.slice(first.indexOf('\r\n\r\n') + 4));
}

/** What is wrong with one call, each fault naming it. */
function faultsOf(call: Call): { id?: string; faults: string[] } {
  const path = call.url.pathname;
  const keys = [...new Set(call.url.searchParams.keys())];
  const name = `${call.method} ${path}${keys.length > 0 ? `?${keys.join('&')}` : ''}`;
  const route = routes.find(
    (candidate) =>
      candidate.method.httpMethod === call.method && candidate.pattern.test(decodeURI(path)),
  );
  if (!route) return { faults: [`${name}: no method of the discovery documents`] };
  const { doc, method } = route;
  const faults: string[] = [];
  const query = call.url.searchParams;
  for (const key of new Set(query.keys())) {
    if (!(key in (method.parameters ?? {})) && !(key in doc.parameters)) {
      faults.push(`${name}: ?${key} is not a parameter of ${method.id}`);
    }
  }
  if (
    route.upload &&
    query.get('uploadType') !== 'multipart' &&
    query.get('uploadType') !== 'media'
  ) {
    faults.push(`${name}: an upload without uploadType=multipart or media`);
  }
  const media = query.get('alt') === 'media';
  if (media && !method.supportsMediaDownload) {
    faults.push(`${name}: alt=media, and ${method.id} does not download media`);
  }
  const sent = sentJson(call);
  if (sent !== undefined) {
    const request = method.request && doc.schemas[method.request.$ref];
    if (!request) faults.push(`${name}: ${method.id} takes no body`);
    else if (typeof sent !== 'object' || sent === null || Array.isArray(sent))
      faults.push(`${name}: the body is not an object`);
    else {
      for (const key of Object.keys(sent as object)) {
        if (!request.properties?.[key]) {
          faults.push(`${name}: body.${key} is not a field of ${method.request!.$ref}`);
        }
      }
    }
  }
  const fields = query.get('fields');
  if (fields !== null) {
    if (!method.response) faults.push(`${name}: fields, and ${method.id} answers nothing`);
    else {
      const errors = selectionErrors(doc, method.response, parseFields(fields), '');
      faults.push(...errors.map((error) => `${name}: fields ${error} ${method.response!.$ref}`));
    }
  }
  if (!media && call.status >= 200 && call.status < 300 && call.answer !== '') {
    if (!method.response) faults.push(`${name}: an answer, and ${method.id} has none`);
    else {
      const errors = schemaErrorsAt(
        doc,
        method.response,
        JSON.parse(call.answer),
        method.response.$ref,
      );
      faults.push(...errors.map((error) => `${name}: the answer's ${error}`));
    }
  }
  return { id: method.id, faults };
}

let cloud: DriveTestCloud;
beforeAll(async () => {
  cloud = await startDriveTestCloud();
});
afterAll(() => cloud.close());

describe("the core Google clients' calls against Google's discovery documents", () => {
  it('uses only documented methods, parameters, body fields and response fields', async () => {
    // The Drive client, method by method (a folder, multipart and metadata-only writes, a
    // move, lists in both spaces, the changes feed, revisions).
    const client = cloud.client({ fetch: recording });
    const folder = await client.create({ name: 'Described', mimeType: DRIVE_FOLDER_MIME });
    const other = await client.create({
      name: 'Other',
      mimeType: DRIVE_FOLDER_MIME,
      parents: [folder.id],
    });
    const start = await client.startPageToken('drive');
    const file = await client.create({
      name: 'a.md',
      mimeType: 'text/markdown',
      parents: [folder.id],
      appProperties: { k: 'v' },
      media: 'One.\n',
    });
    await client.update(file.id, { media: 'Two.\n', appProperties: { k: null } });
    await client.update(
      file.id,
      { name: 'b.md' },
      { addParents: other.id, removeParents: folder.id },
    );
    await client.getFile(file.id);
    await client.getFile(file.id, 'id,mimeType,trashed');
    await client.download(file.id);
    await client.listPage(`'${other.id}' in parents`, 'drive', undefined, 10, 'name');
    await client.list(`'${other.id}' in parents`, 'drive');
    await client.list('trashed = false', 'appDataFolder');
    await client.changes(start, 'drive');
    const revisions = await client.revisions(file.id);
    await client.downloadRevision(file.id, revisions[0]!.id);
    await client.update(file.id, { trashed: true });
    await client.delete(file.id);

    // A Drive workspace synced (its folder, then the app data folder): files made, edited,
    // moved and deleted, a file's revisions and the text of one.
    for (const folderId of [undefined, 'appDataFolder']) {
      const repository = new MemoryDatabase(`described-${folderId}`).connect();
      const provider = await cloud.provider({
        fetch: recording,
        ...(folderId ? { folderId } : {}),
      });
      const sync = () =>
        new WorkspaceSynchronizer({ repository, provider, welcomeFileHashes: new Set() }).sync();
      await repository.put([
        testFolder('d', 'Dir'),
        testFile('a', 'A', 'd'),
        testContent('a', 'One.\n', { properties: 'x: 1\n' }),
        testFile('b', 'B'),
        testContent('b', 'Two.\n'),
      ]);
      await sync();
      await repository.put([testFolder('d', 'Moved'), testContent('b', 'Two, edited.\n')]);
      await repository.delete(['a', 'a/content']);
      await sync();
      await sync();
      // The revisions of B's Drive file (the provider knows it by the item's id).
      const syncData: SyncData = { id: '', itemId: 'b', type: 'file', hash: '' };
      const listed = await provider.listRevisions('b', syncData);
      expect(listed.length).toBeGreaterThan(0);
      // The newest revision is B's text as last synced, the oldest its first.
      expect(await provider.revisionText('b', syncData, listed[0]!.id)).toBe('Two, edited.\n');
      expect(await provider.revisionText('b', syncData, listed.at(-1)!.id)).toBe('Two.\n');
    }

    // A Drive file as a sync location and as a publish location (HTML, then again).
    const located = await databaseWithFile('Text.\n', 'title: Notes\n');
    await located.repository.put([
      withHash<LocationItem>({
        id: 'loc',
        type: 'syncLocation',
        fileId: 'f',
        providerId: GOOGLE_DRIVE_SYNC_PROVIDER_ID,
        driveParentId: folder.id,
      }),
    ]);
    const providers = {
      [GOOGLE_DRIVE_SYNC_PROVIDER_ID]: createDriveFileProvider({
        client,
        repository: located.repository,
      }),
    };
    await syncFileLocations('f', { repository: located.repository, providers });
    await located.edit('Text, edited.\n');
    await syncFileLocations('f', { repository: located.repository, providers });
    const publisher = createDriveFilePublisher(client);
    const publishLocation = (fields: Record<string, unknown>) =>
      withHash<PublishLocation>({
        id: 'pub',
        type: 'publishLocation',
        fileId: 'f',
        providerId: GOOGLE_DRIVE_SYNC_PROVIDER_ID,
        templateId: 'styledHtml',
        format: 'html',
        ...fields,
      });
    const published = (await publisher.publish(
      publishLocation({ driveParentId: folder.id }),
      { title: 'Notes', content: '<h1>One</h1>' },
      undefined,
    )) as { driveFileId: string };
    await publisher.publish(
      publishLocation({ driveFileId: published.driveFileId }),
      { title: 'Notes', content: '<h1>Two</h1>' },
      undefined,
    );

    // Blogger: a post and a page, inserted and published (the post at its date), updated and
    // published again, then taken back to draft.
    const user = cloud.user;
    const blogUrl = 'https://described.blogspot.com/';
    cloud.google.blogger.addBlog({ ownerId: user.id, name: 'Described', url: blogUrl });
    const token: FreshGoogleToken = (sub, scopes) => {
      const issued = cloud.google.accounts.issue(user, DRIVE_TEST_CLIENT, [GOOGLE_SCOPE.blogger]);
      return Promise.resolve({
        sub,
        name: user.name,
        scopes: [...scopes],
        accessToken: issued.token,
        expiresOn: issued.expiresAt,
        idToken: '',
      });
    };
    const bloggerClient = new BloggerClient({
      http: new HttpClient({ fetch: recording, timers: nodeTimers, random: () => 0 }),
      endpoints: googleEndpoints(cloud.google.url),
      freshToken: token,
      sub: user.id,
    });
    const blog = createBloggerPublisher({ clientFor: () => bloggerClient });
    for (const providerId of [BLOGGER_PROVIDER_IDS.post, BLOGGER_PROVIDER_IDS.page]) {
      let location = withHash<PublishLocation>({
        id: providerId,
        type: 'publishLocation',
        fileId: 'f',
        providerId,
        templateId: 'plainHtml',
        blogUrl,
        sub: user.id,
      });
      for (const properties of ['tags: a, b\ndate: 2026-01-02\n', '', 'status: draft\n']) {
        const update = await blog.publish(
          location,
          { title: 'Post', content: `<p>${properties}</p>`, properties },
          undefined,
        );
        location = withHash<PublishLocation>({ ...location, ...update });
      }
    }

    // Every call checked; the test names each faulty one.
    const used = new Set<string>();
    const faults: string[] = [];
    for (const call of calls) {
      const checked = faultsOf(call);
      if (checked.id) used.add(checked.id);
      faults.push(...checked.faults);
    }
    expect([...new Set(faults)]).toEqual([]);
    // What was exercised: every Drive and Blogger method the core clients call.
    expect([...used].sort()).toEqual([
      'blogger.blogs.getByUrl',
      'blogger.pages.insert',
      'blogger.pages.publish',
      'blogger.pages.revert',
      'blogger.pages.update',
      'blogger.posts.insert',
      'blogger.posts.publish',
      'blogger.posts.revert',
      'blogger.posts.update',
      'drive.changes.getStartPageToken',
      'drive.changes.list',
      'drive.files.create',
      'drive.files.delete',
      'drive.files.get',
      'drive.files.list',
      'drive.files.update',
      'drive.revisions.get',
      'drive.revisions.list',
    ]);
  });
});
