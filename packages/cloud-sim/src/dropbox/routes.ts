import { randomBytes } from 'node:crypto';
import { json, type Reply } from '../errors.js';
import type { SimRequest } from '../request.js';
import type { DropboxAccounts, DropboxApp, DropboxToken, DropboxUser } from './accounts.js';
import { contentHash } from './content-hash.js';
import {
  badInput,
  endpointError,
  expiredAccessToken,
  invalidAccessToken,
  missingScope,
} from './errors.js';
import { stoneErrors } from './stone-check.js';
import { StoneSpec } from './stone.js';
import { lower, type DropboxEntry, type DropboxRevision, type DropboxStore } from './store.js';

/** Where the stand-in answers Dropbox's API v2 (api.dropboxapi.com's and content.dropboxapi.com's `/2/`). */
export const DROPBOX_PREFIX = '/2/';

/** Where an app-folder app's folder is, in its user's Dropbox: `/Applications/{app name}`. */
export const APP_FOLDER_PARENT = '/Applications';

/** The largest body `files/upload` takes: 150 MiB (UploadError.payload_too_large). */
export const MAX_UPLOAD_BYTES = 150 * 1024 * 1024;

/** The most entries a list_folder page holds when the call sets no `limit` (a sim choice). */
export const LIST_FOLDER_PAGE = 2000;

/** One Dropbox route the stand-in answers; the tests check each against the Stone description. */
export interface DropboxRoute {
  /** Its URL path under `/2/`: `files/delete_v2` is Stone's `files` route `delete:2`. */
  path: string;
  host: 'api' | 'content';
  style: 'rpc' | 'upload' | 'download';
  /** The argument fields the handler reads. */
  reads: string[];
}

/** Every route answered. */
export const DROPBOX_ROUTES: DropboxRoute[] = [
  { path: 'users/get_current_account', host: 'api', style: 'rpc', reads: [] },
  { path: 'users/get_account', host: 'api', style: 'rpc', reads: ['account_id'] },
  {
    path: 'files/get_metadata',
    host: 'api',
    style: 'rpc',
    reads: ['path', 'include_deleted'],
  },
  {
    path: 'files/list_revisions',
    host: 'api',
    style: 'rpc',
    reads: ['path', 'mode', 'limit', 'before_rev'],
  },
  {
    path: 'files/list_folder',
    host: 'api',
    style: 'rpc',
    reads: ['path', 'recursive', 'limit', 'include_deleted'],
  },
  { path: 'files/list_folder/continue', host: 'api', style: 'rpc', reads: ['cursor'] },
  { path: 'files/delete_v2', host: 'api', style: 'rpc', reads: ['path'] },
  {
    path: 'files/upload',
    host: 'content',
    style: 'upload',
    reads: ['path', 'mode', 'autorename', 'client_modified', 'strict_conflict', 'content_hash'],
  },
  { path: 'files/download', host: 'content', style: 'download', reads: ['path', 'rev'] },
  { path: 'auth/token/revoke', host: 'api', style: 'rpc', reads: [] },
];

/** JSON for an HTTP header, as Dropbox's "JSON encoding" asks: every character past 0x7E escaped. */
export const headerJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** Who calls, and where their root is. */
interface Caller {
  token: DropboxToken;
  user: DropboxUser;
  app: DropboxApp;
  /** `''` for a full-Dropbox app, `/Applications/{app}` for an app-folder app. */
  root: string;
}

type Args = Record<string, unknown>;

/** A path argument resolved: the entry (live or not), the path from the user's root. */
interface Resolved {
  entry?: DropboxEntry;
  revision?: DropboxRevision;
  full: string;
}

const tagOf = (value: unknown) =>
  typeof value === 'string'
    ? value
    : ((value as Record<string, unknown> | undefined)?.['.tag'] as string | undefined);

/** Dropbox API v2 over the store. */
export class DropboxRoutes {
  /** Dropbox's description, read on the first Dropbox call (a Google-only sim never reads it). */
  get spec() {
    return StoneSpec.fixtures();
  }

  constructor(
    readonly accounts: DropboxAccounts,
    readonly store: DropboxStore,
  ) {}

  static handles(pathname: string) {
    return pathname.startsWith(DROPBOX_PREFIX);
  }

  /** The route of a request path, if answered. */
  static route(pathname: string) {
    return DROPBOX_ROUTES.find((route) => `${DROPBOX_PREFIX}${route.path}` === pathname);
  }

  answer(request: SimRequest): Reply {
    const name = request.url.pathname.slice(DROPBOX_PREFIX.length);
    const route = DropboxRoutes.route(request.url.pathname);
    const stone = route ? this.spec.routeByPath(route.path) : undefined;
    if (!route || !stone) return badInput(name, 'Unknown API function');
    const allowed = route.style === 'download' ? ['GET', 'POST'] : ['POST'];
    if (!allowed.includes(request.method)) {
      return badInput(name, `Unsupported HTTP method "${request.method}". Expecting POST.`);
    }

    // Authorization: the header, or the `authorization` URL parameter (for browsers).
    const header = request.headers.authorization ?? request.url.searchParams.get('authorization');
    if (!header) {
      return badInput(
        name,
        'Must provide HTTP header "Authorization" or URL parameter "authorization".',
      );
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(header);
    if (!bearer) {
      return badInput(
        name,
        `Invalid authorization value in HTTP header "Authorization": "${header.split(' ')[0] ?? ''}".  Expecting "Bearer <oauth2-access-token>".`,
      );
    }
    const token = this.accounts.record(bearer[1]!);
    if (!token || token.revoked) return invalidAccessToken();
    if (token.expiresAt <= this.accounts.now()) return expiredAccessToken();
    const scope = this.spec.attr(stone, 'scope');
    if (typeof scope === 'string' && !token.scopes.includes(scope)) return missingScope(scope);

    // The argument: JSON in the body (RPC), or in Dropbox-API-Arg / `arg` (content routes).
    let raw: string;
    let where: string;
    if (route.style === 'rpc') {
      where = 'request body';
      raw = request.body.toString('utf8');
      const type = (request.headers['content-type'] ?? '').toLowerCase();
      const isVoid = stone.arg.name === 'Void';
      if (
        !(isVoid && raw.trim() === '') &&
        !/^(application\/json|text\/plain; ?charset=dropbox-cors-hack)/.test(type)
      ) {
        return badInput(
          name,
          `Bad HTTP "Content-Type" header: "${type}".  Expecting one of "application/json", "application/json; charset=utf-8", "text/plain; charset=dropbox-cors-hack".`,
        );
      }
      if (isVoid && raw.trim() === '') raw = 'null';
    } else {
      where = 'HTTP header "Dropbox-API-Arg"';
      const arg = request.headers['dropbox-api-arg'] ?? request.url.searchParams.get('arg');
      if (typeof arg !== 'string') {
        return badInput(name, 'Must provide HTTP header "Dropbox-API-Arg" or URL parameter "arg".');
      }
      raw = arg;
      // Dropbox's "JSON encoding": a header's JSON escapes 0x7F and every non-ASCII character.
      if (/[^\x20-\x7e]/.test(raw) && request.headers['dropbox-api-arg'] !== undefined) {
        return badInput(name, `${where}: could not decode input as JSON`);
      }
      if (route.style === 'upload') {
        const type = (request.headers['content-type'] ?? '').toLowerCase();
        if (!/^(application\/octet-stream|text\/plain; ?charset=dropbox-cors-hack)/.test(type)) {
          return badInput(
            name,
            `Bad HTTP "Content-Type" header: "${type}".  Expecting one of "application/octet-stream", "text/plain; charset=dropbox-cors-hack".`,
          );
        }
      }
    }
    let args: unknown;
    try {
      args = JSON.parse(raw);
    } catch {
      return badInput(name, `${where}: could not decode input as JSON`);
    }
    const problems = stoneErrors(this.spec, stone.ns, stone.arg, args, 'arg');
    if (problems.length > 0)
      return badInput(name, `${where}: ${problems[0]!.replace(/^arg(\.|: )?/, '')}`);

    const root = token.app.access === 'app_folder' ? `${APP_FOLDER_PARENT}/${token.app.name}` : '';
    if (root) this.store.ensureFolder(token.user.accountId, root);
    const caller: Caller = { token, user: token.user, app: token.app, root };
    const a = (args ?? {}) as Args;
    switch (route.path) {
      case 'users/get_current_account':
        return json(200, this.fullAccount(caller.user));
      case 'users/get_account': {
        const user = this.accounts.byAccountId(a.account_id as string);
        return user ? json(200, this.basicAccount(user)) : endpointError({ '.tag': 'no_account' });
      }
      case 'files/get_metadata':
        return this.getMetadata(name, caller, a);
      case 'files/list_revisions':
        return this.listRevisions(caller, a);
      case 'files/list_folder':
        return this.listFolder(caller, a);
      case 'files/list_folder/continue':
        return this.listFolderContinue(name, caller, a);
      case 'files/delete_v2':
        return this.deleteV2(caller, a);
      case 'files/upload':
        return this.upload(caller, a, request.body, request.oversize === true);
      case 'files/download':
        return this.download(caller, a);
      case 'auth/token/revoke':
        this.accounts.revoke(token.token);
        return json(200, null);
      default:
        return badInput(name, 'Unknown API function');
    }
  }

  // --- Accounts ---------------------------------------------------------------------------

  #name(user: DropboxUser) {
    const display = [user.givenName, user.surname].filter(Boolean).join(' ');
    return {
      given_name: user.givenName,
      surname: user.surname,
      familiar_name: user.givenName,
      display_name: display,
      abbreviated_name: [user.givenName, user.surname]
        .map((part) => part.charAt(0))
        .join('')
        .toUpperCase(),
    };
  }

  /** users.BasicAccount. */
  basicAccount(user: DropboxUser) {
    return {
      account_id: user.accountId,
      name: this.#name(user),
      email: user.email,
      email_verified: true,
      disabled: false,
      is_teammate: false,
    };
  }

  /** users.FullAccount. */
  fullAccount(user: DropboxUser) {
    return {
      account_id: user.accountId,
      name: this.#name(user),
      email: user.email,
      email_verified: true,
      disabled: false,
      locale: 'en',
      referral_link: `https://www.dropbox.com/referrals/cloud-sim-${user.uid}`,
      is_paired: false,
      account_type: { '.tag': 'basic' },
      root_info: {
        '.tag': 'user',
        root_namespace_id: user.namespaceId,
        home_namespace_id: user.namespaceId,
      },
    };
  }

  // --- Metadata ---------------------------------------------------------------------------

  /** A path from the user's root as the caller sees it (from its app folder for an app-folder app). */
  #view(caller: Caller, full: string) {
    return full.slice(caller.root.length);
  }

  /**
   * files.FileMetadata of a file at one of its revisions (its latest when not given): without
   * `.tag` where a route declares FileMetadata itself (upload, download, list_revisions' entries),
   * as Stone serializes a struct of no subtypes; {@link metadata} adds it where Metadata is declared.
   */
  fileMetadata(caller: Caller, entry: DropboxEntry, revision = entry.revisions.at(-1)!) {
    const display = this.#view(caller, entry.pathDisplay);
    return {
      name: display.slice(display.lastIndexOf('/') + 1),
      path_lower: lower(display),
      path_display: display,
      id: entry.id,
      client_modified: revision.clientModified,
      server_modified: revision.serverModified,
      rev: revision.rev,
      size: revision.content.length,
      is_downloadable: true,
      content_hash: revision.contentHash,
    };
  }

  /** files.Metadata of an entry: file, folder, or (deleted) deleted. */
  metadata(caller: Caller, entry: DropboxEntry) {
    const display = this.#view(caller, entry.pathDisplay);
    const common = {
      name: display.slice(display.lastIndexOf('/') + 1),
      path_lower: lower(display),
      path_display: display,
    };
    if (entry.deletedAt) return { '.tag': 'deleted', ...common };
    if (entry.kind === 'file') return { '.tag': 'file', ...this.fileMetadata(caller, entry) };
    return { '.tag': 'folder', ...common, id: entry.id };
  }

  /**
   * Resolves a path argument (`/a/b`, `id:…`, `rev:…`) to the entry it names within the caller's
   * root, or the LookupError tag that says why not.
   */
  #resolve(caller: Caller, path: string): Resolved | { error: 'malformed_path' | 'not_found' } {
    const account = caller.user.accountId;
    const inRoot = (entry: DropboxEntry) =>
      !caller.root || lower(entry.pathDisplay).startsWith(`${lower(caller.root)}/`);
    if (path.startsWith('id:')) {
      const entry = this.store.byId(account, path);
      return entry && inRoot(entry) ? { entry, full: entry.pathDisplay } : { error: 'not_found' };
    }
    if (path.startsWith('rev:')) {
      const found = this.store.byRev(account, path.slice(4));
      return found && inRoot(found.entry)
        ? { entry: found.entry, revision: found.revision, full: found.entry.pathDisplay }
        : { error: 'not_found' };
    }
    if (path.startsWith('ns:')) return { error: 'not_found' };
    if (path === '' || path.endsWith('/') || path.includes('//'))
      return { error: 'malformed_path' };
    const full = `${caller.root}${path}`;
    const entry = this.store.getAny(account, full);
    return entry ? { entry, full: entry.pathDisplay } : { full };
  }

  getMetadata(name: string, caller: Caller, a: Args): Reply {
    if (a.path === '') return badInput(name, 'request body: path: The root folder is unsupported.');
    const found = this.#resolve(caller, a.path as string);
    if ('error' in found) return endpointError({ '.tag': 'path', path: { '.tag': found.error } });
    const { entry } = found;
    if (!entry || (entry.deletedAt && a.include_deleted !== true)) {
      return endpointError({ '.tag': 'path', path: { '.tag': 'not_found' } });
    }
    return json(200, this.metadata(caller, entry));
  }

  listRevisions(caller: Caller, a: Args): Reply {
    const path = a.path as string;
    const mode = tagOf(a.mode) ?? 'path';
    const limit = (a.limit as number | undefined) ?? 10;
    const lookupError = (tag: string) => endpointError({ '.tag': 'path', path: { '.tag': tag } });
    let entry: DropboxEntry | undefined;
    if (mode === 'id') {
      if (!path.startsWith('id:')) return lookupError('malformed_path');
      entry = this.store.byId(caller.user.accountId, path);
    } else {
      const found = this.#resolve(caller, path);
      if ('error' in found) return lookupError(found.error);
      entry = found.entry;
    }
    if (!entry) return lookupError('not_found');
    if (entry.kind === 'folder') return lookupError('not_file');
    let revisions = [...entry.revisions].reverse();
    if (typeof a.before_rev === 'string') {
      const index = revisions.findIndex((revision) => revision.rev === a.before_rev);
      if (index < 0) return endpointError({ '.tag': 'invalid_before_rev' });
      revisions = revisions.slice(index + 1);
    }
    return json(200, {
      is_deleted: Boolean(entry.deletedAt),
      ...(entry.deletedAt ? { server_deleted: entry.deletedAt } : {}),
      entries: revisions
        .slice(0, limit)
        .map((revision) => this.fileMetadata(caller, entry, revision)),
      has_more: revisions.length > limit,
    });
  }

  // --- Listing ----------------------------------------------------------------------------

  #cursor(state: ListCursor) {
    return Buffer.from(JSON.stringify(state)).toString('base64url');
  }

  #page(caller: Caller, state: ListCursor): Reply {
    const account = caller.user.accountId;
    const all = this.store.under(account, state.folder, state.recursive);
    if (state.changes) {
      const changed = all.filter((entry) => entry.seq > state.seq);
      return json(200, {
        entries: changed.map((entry) => this.metadata(caller, entry)),
        cursor: this.#cursor({ ...state, seq: this.store.seq }),
        has_more: false,
      });
    }
    const live = all.filter(
      (entry) => entry.seq <= state.seq && (!entry.deletedAt || state.includeDeleted),
    );
    const page = live.slice(state.offset, state.offset + state.limit);
    const hasMore = state.offset + state.limit < live.length;
    const next: ListCursor = hasMore
      ? { ...state, offset: state.offset + state.limit }
      : { ...state, offset: 0, changes: true };
    return json(200, {
      entries: page.map((entry) => this.metadata(caller, entry)),
      cursor: this.#cursor(next),
      has_more: hasMore,
    });
  }

  listFolder(caller: Caller, a: Args): Reply {
    const path = a.path as string;
    const lookupError = (tag: string) => endpointError({ '.tag': 'path', path: { '.tag': tag } });
    let folder = caller.root;
    if (path !== '') {
      const found = this.#resolve(caller, path);
      if ('error' in found) return lookupError(found.error);
      if (!found.entry || found.entry.deletedAt) return lookupError('not_found');
      if (found.entry.kind !== 'folder') return lookupError('not_folder');
      folder = found.entry.pathDisplay;
    }
    return this.#page(caller, {
      account: caller.user.accountId,
      app: caller.app.appKey,
      folder,
      recursive: a.recursive === true,
      includeDeleted: a.include_deleted === true,
      limit: (a.limit as number | undefined) ?? LIST_FOLDER_PAGE,
      offset: 0,
      seq: this.store.seq,
    });
  }

  listFolderContinue(name: string, caller: Caller, a: Args): Reply {
    let state: ListCursor;
    try {
      state = JSON.parse(
        Buffer.from(a.cursor as string, 'base64url').toString('utf8'),
      ) as ListCursor;
    } catch {
      return badInput(name, 'Invalid "cursor" parameter: could not decode cursor');
    }
    if (state.account !== caller.user.accountId || state.app !== caller.app.appKey) {
      return badInput(name, 'Invalid "cursor" parameter: cursor is for another user or app');
    }
    const folder = this.store.get(caller.user.accountId, state.folder);
    if (state.folder !== caller.root && !folder) return endpointError({ '.tag': 'reset' });
    return this.#page(caller, state);
  }

  // --- Writes -----------------------------------------------------------------------------

  deleteV2(caller: Caller, a: Args): Reply {
    const found = this.#resolve(caller, a.path as string);
    const lookupError = (tag: string) =>
      endpointError({ '.tag': 'path_lookup', path_lookup: { '.tag': tag } });
    if ('error' in found) return lookupError(found.error);
    if (!found.entry || found.entry.deletedAt) return lookupError('not_found');
    const before = this.metadata(caller, found.entry);
    this.store.remove(caller.user.accountId, found.entry.pathDisplay);
    return json(200, { metadata: before });
  }

  upload(caller: Caller, a: Args, body: Buffer, oversize: boolean): Reply {
    const sessionId = `pid_upload_session:${randomBytes(24).toString('base64url')}`;
    const writeFailed = (reason: unknown) =>
      endpointError({ '.tag': 'path', reason, upload_session_id: sessionId });
    if (oversize || body.length > MAX_UPLOAD_BYTES)
      return endpointError({ '.tag': 'payload_too_large' });
    if (typeof a.content_hash === 'string' && a.content_hash !== contentHash(body)) {
      return endpointError({ '.tag': 'content_hash_mismatch' });
    }
    const found = this.#resolve(caller, a.path as string);
    if ('error' in found) return writeFailed({ '.tag': 'malformed_path' });
    if ((a.path as string).startsWith('id:') && !found.entry) {
      return writeFailed({ '.tag': 'malformed_path' });
    }
    const modeTag = tagOf(a.mode) ?? 'add';
    const mode =
      modeTag === 'update'
        ? { kind: 'update' as const, rev: (a.mode as Record<string, string>).update! }
        : { kind: modeTag as 'add' | 'overwrite' };
    const outcome = this.store.upload(caller.user.accountId, found.full, body, {
      mode,
      autorename: a.autorename === true,
      strictConflict: a.strict_conflict === true,
      ...(typeof a.client_modified === 'string' ? { clientModified: a.client_modified } : {}),
    });
    if ('conflict' in outcome) {
      return writeFailed({ '.tag': 'conflict', conflict: { '.tag': outcome.conflict } });
    }
    return json(200, this.fileMetadata(caller, outcome.entry, outcome.revision));
  }

  download(caller: Caller, a: Args): Reply {
    const pathError = (tag: string) => endpointError({ '.tag': 'path', path: { '.tag': tag } });
    const found = this.#resolve(caller, a.path as string);
    if ('error' in found) return pathError(found.error);
    const { entry } = found;
    if (!entry) return pathError('not_found');
    let revision = found.revision;
    if (typeof a.rev === 'string') {
      revision = entry.revisions.find((r) => r.rev === a.rev);
      if (!revision) return pathError('not_found');
    }
    if (!revision && entry.deletedAt) return pathError('not_found');
    if (entry.kind === 'folder') return pathError('not_file');
    revision ??= entry.revisions.at(-1)!;
    return {
      status: 200,
      raw: revision.content,
      contentType: 'application/octet-stream',
      headers: {
        'dropbox-api-result': headerJson(this.fileMetadata(caller, entry, revision)),
        etag: `W/"${revision.rev}"`,
      },
    };
  }
}

/** What a list_folder cursor carries (base64url JSON; opaque to the app). */
interface ListCursor {
  account: string;
  app: string;
  /** The folder from the user's root (`''` the root). */
  folder: string;
  recursive: boolean;
  includeDeleted: boolean;
  limit: number;
  offset: number;
  /** The store's change counter when the listing began (or when the last changes were read). */
  seq: number;
  /** Past the listing's last page: the next call answers what changed since `seq`. */
  changes?: boolean;
}
