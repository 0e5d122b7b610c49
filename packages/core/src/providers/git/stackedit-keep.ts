// Issue 33: a git workspace kept in StackEdit's layout ("Keep StackEdit's layout"), so that
// people still on StackEdit can share it. Read as stackedit-layout.ts reads it (ids made from
// the paths, the same in every browser); written as StackEdit writes it (its
// `gitWorkspaceSvc` and `gitPathsByItemId`):
//
// - a file's text: `{folders}/{name}.md`, the text then the trailer (properties, discussions,
//   comments, and the history StackEdit had written there, as it was);
// - a file in the trash: `.stackedit-trash/{name}.md`; a removed file: its `.md` deleted;
// - a location: an empty file `{folders}/{name}.{base64url JSON}.sync|publish`, moved with its
//   `.md`;
// - folders: not written (each is the folder of a path); `.stackedit-data/` never touched;
//   nothing of Inkstone's (`.inkstone-data/`, `.inkstone-trash/`).
//
// What a path gives its id: a file created, renamed or moved here is read back under the id of
// its new path (as StackEdit, which keeps ids per browser): the workspace then reports the old
// id removed and the new one added (see GitWorkspace).
import { type Item, type LocationItem } from '../../items/types.js';
import { stackeditTrailerHistory } from '../../transfer/stackedit-trailer.js';
import { stackeditContentText, stackeditJson } from '../couchdb/stackedit-documents.js';
import { gitBlobSha, utf8Bytes } from './bytes.js';
import { type GitTreeChange } from './git-data-port.js';
import { draftEntries, treeChanges, writeImages } from './commit-builder.js';
import { type GitDraft } from './draft.js';
import { contentPaths, derivedId, type GitContentData } from './layout.js';
import { LOCATION_PATH, readStackeditLayout, STACKEDIT_TRASH_FOLDER } from './stackedit-layout.js';
import { contentViewEntry, itemSyncData, type WorkspaceView } from './workspace-view.js';
import { encodeBase64Url, encodeWtf8 } from '../../items/encoding.js';

/** What a commit in StackEdit's layout holds beyond its items: the path of each location file
 * read, by location id. */
export interface StackeditKeptInfo {
  locationPaths: Map<string, string>;
}

/** The items of a commit in StackEdit's layout, as a workspace view: folders, files, contents
 * (hashed from their `.md`) and locations, ids made from their paths. */
export async function stackeditView(
  files: ReadonlyMap<string, string>,
  readText: (sha: string) => Promise<string>,
): Promise<{ view: WorkspaceView; info: StackeditKeptInfo }> {
  const read = await readStackeditLayout(files, readText);
  const view: WorkspaceView = new Map();
  const contents = new Map(read.contents.map((content) => [content.id, content]));
  let seq = 0;
  for (const item of read.items) {
    seq += 1;
    view.set(item.id, { seq, item, syncData: itemSyncData(item) });
    const content = contents.get(`${item.id}/content`);
    const path = read.paths.get(item.id);
    if (item.type === 'file' && content && path !== undefined) {
      view.set(
        content.id,
        contentViewEntry(item.id, seq, { path, hash: content.hash, sha: files.get(path)! }),
      );
    }
  }
  const locationPaths = new Map<string, string>();
  for (const path of read.read) {
    if (LOCATION_PATH.test(path) && !path.endsWith('.md')) {
      locationPaths.set(derivedId('location', path), path);
    }
  }
  return { view, info: { locationPaths } };
}

/** A location's file name part as StackEdit writes it: the base64url (no `=`) of its sorted
 * JSON without id, type, fileId and hash. */
export function encodeLocationFields(location: LocationItem): string {
  const {
    id: _id,
    type: _type,
    fileId: _fileId,
    hash: _hash,
    ...fields
  } = location as LocationItem & Record<string, unknown>;
  return encodeBase64Url(encodeWtf8(stackeditJson(fields)));
}

/** A commit planned in StackEdit's layout: the tree changes, the files after it, the `.md`
 * paths created, updated and deleted (for the message), and the texts written by blob sha. */
export interface StackeditCommitPlan {
  changes: GitTreeChange[];
  files: Map<string, string>;
  created: string[];
  updated: string[];
  deleted: string[];
  written: Map<string, string>;
}

const isLocation = (item: Item): item is LocationItem =>
  item.type === 'syncLocation' || item.type === 'publishLocation';

/**
 * Plans the commit of a draft in StackEdit's layout (see the top of this file). `readBase`
 * gives a path's text in the draft's base commit (for the history StackEdit wrote there).
 * Files the draft leaves alone stay byte for byte; a draft that changes nothing plans no change.
 */
export async function planStackeditCommit(
  draft: GitDraft,
  info: StackeditKeptInfo,
  readBase: (path: string) => Promise<string | undefined>,
): Promise<StackeditCommitPlan> {
  const { base } = draft;
  const { final, items, fileIds } = draftEntries(draft);
  const paths = contentPaths(fileIds, items, STACKEDIT_TRASH_FOLDER);
  const writes = new Map<string, GitTreeChange>();
  const deletes = new Set<string>();
  const written = new Map<string, string>();
  const plan = { created: [] as string[], updated: [] as string[], deleted: [] as string[] };
  const mdPaths = new Map<string, string>();
  for (const fileId of fileIds) {
    const id = `${fileId}/content`;
    const entry = final.get(id)!;
    const oldPath = base.view.get(id)?.content?.path;
    let path = paths.get(fileId)!;
    // A text without its file (never sent by the engine): left where it was.
    if (path.startsWith('.inkstone-data/')) {
      if (oldPath === undefined) continue;
      path = oldPath;
    }
    mdPaths.set(fileId, path);
    const text = draft.texts.get(fileId);
    if (text) {
      let data: GitContentData = {};
      if (text.data) data = JSON.parse(text.data) as GitContentData;
      const history =
        oldPath === undefined
          ? undefined
          : await readBase(oldPath).then((stored) =>
              stored === undefined ? undefined : stackeditTrailerHistory(stored),
            );
      const stored = stackeditContentText(
        {
          text: text.text,
          properties: data.properties ?? '',
          discussions: data.discussions ?? {},
          comments: data.comments ?? {},
        },
        history,
      );
      const sha = gitBlobSha(utf8Bytes(stored));
      written.set(sha, stored);
      if (base.files.get(path) !== sha) {
        writes.set(path, { path, content: stored });
        (oldPath === undefined ? plan.created : plan.updated).push(path);
      }
    } else if (path !== oldPath) {
      writes.set(path, { path, sha: entry.content!.sha });
      plan.updated.push(path);
    }
    if (oldPath !== undefined && oldPath !== path) deletes.add(oldPath);
  }
  for (const [id, entry] of base.view) {
    if (!entry.content || final.has(id)) continue;
    deletes.add(entry.content.path);
    plan.deleted.push(entry.content.path);
  }
  // Locations: kept at their path while they and their `.md` stay; moved with their `.md`;
  // written anew when new or changed; deleted with their file.
  for (const [id, entry] of final) {
    const location = entry.item;
    if (!isLocation(location)) continue;
    const oldPath = info.locationPaths.get(id);
    const md = mdPaths.get(location.fileId);
    const kind = location.type === 'syncLocation' ? 'sync' : 'publish';
    let path: string | undefined;
    if (md !== undefined) {
      const stem = md.slice(0, -'.md'.length);
      const match = oldPath === undefined ? null : LOCATION_PATH.exec(oldPath);
      path =
        match && !draft.set.has(id)
          ? `${stem}.${match[2]}.${match[3]}`
          : `${stem}.${encodeLocationFields(location)}.${kind}`;
    }
    if (path !== undefined && path !== oldPath) writes.set(path, { path, content: '' });
    if (oldPath !== undefined && oldPath !== path) deletes.add(oldPath);
  }
  for (const [id, path] of info.locationPaths) if (!final.has(id)) deletes.add(path);

  // Images: binary files beside the texts, as in Inkstone's layout.
  const imageShas = writeImages(draft, writes, plan);
  const { files, changes } = treeChanges(base.files, writes, deletes, imageShas);
  for (const change of changes) {
    if ('content' in change && !imageShas.has(change.path)) {
      written.set(files.get(change.path)!, change.content);
    }
  }
  return { changes, files, written, ...plan };
}
