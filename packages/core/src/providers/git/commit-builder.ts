// Turns a draft into one commit: the tree changes (texts, moves, removals, the manifest) and
// the snapshot the forge will hold once the branch moves to it.
import { gitBlobSha, utf8Bytes } from './bytes.js';
import { type GitDraft } from './draft.js';
import { type GitTreeChange } from './git-data-port.js';
import { contentPaths, dataPath, type GitManifest, GIT_MANIFEST_PATH } from './layout.js';
import { type GitSnapshot } from './snapshot.js';
import { type ViewEntry, workspaceView } from './workspace-view.js';
import { type Item } from '../../items/types.js';

/** What a commit changes: the tree changes (paths from the workspace's folder), the files
 * after it, and the `.md` paths created, updated and deleted (for the commit message). */
export interface CommitPlan {
  changes: GitTreeChange[];
  snapshot: Omit<GitSnapshot, 'commit' | 'tree'>;
  created: string[];
  updated: string[];
  deleted: string[];
}

/**
 * Plans the commit of a draft: every item of the result in the manifest (items another tool
 * added are adopted, so their ids stay), each text at the path its file's folders and name
 * give (moved when a file or folder was renamed or moved), texts written inline.
 */
export function planCommit(draft: GitDraft): CommitPlan {
  const { base } = draft;
  const { final, items, fileIds } = draftEntries(draft);
  const paths = contentPaths(fileIds, items);

  // Order of writing: what the manifest had, then what another tool added, then the draft.
  let seq = base.manifest.seq;
  const seqs = new Map<string, number>();
  const adopted = [...final.entries()]
    .filter(([id, entry]) => !draft.set.has(id) && entry.seq > base.manifest.seq)
    .sort((a, b) => a[1].seq - b[1].seq);
  for (const [id] of adopted) seqs.set(id, (seq += 1));
  for (const [id, entry] of draft.set) if (entry) seqs.set(id, (seq += 1));

  const manifest: GitManifest = { version: 1, seq, items: {}, contents: {} };
  const writes = new Map<string, GitTreeChange>();
  const deletes = new Set<string>();
  const plan = { created: [] as string[], updated: [] as string[], deleted: [] as string[] };
  for (const [id, entry] of final) {
    const entrySeq = seqs.get(id) ?? entry.seq;
    if (!entry.content) {
      manifest.items[id] = { seq: entrySeq, item: entry.item };
      continue;
    }
    const fileId = id.slice(0, -'/content'.length);
    const path = paths.get(fileId)!;
    const oldPath = base.view.get(id)?.content?.path;
    const text = draft.texts.get(fileId);
    if (text) {
      // A text or data file the branch already has at that path is not written again (a text
      // taken from elsewhere and recorded as it is only changes the manifest).
      const unchanged = base.files.get(path) === entry.content.sha;
      if (!unchanged) writes.set(path, { path, content: text.text });
      const data = dataPath(fileId);
      if (text.data === null) deletes.add(data);
      else if (base.files.get(data) !== entry.content.data) {
        writes.set(data, { path: data, content: text.data });
      }
      if (!unchanged) (oldPath === undefined ? plan.created : plan.updated).push(path);
    } else if (path !== oldPath) {
      writes.set(path, { path, sha: entry.content.sha });
      plan.updated.push(path);
    }
    if (oldPath !== undefined && oldPath !== path) deletes.add(oldPath);
    const { data } = entry.content;
    manifest.contents[fileId] = {
      path,
      hash: entry.content.hash,
      sha: entry.content.sha,
      ...(data === undefined ? {} : { data }),
      seq: entrySeq,
    };
  }
  for (const [id, entry] of base.view) {
    if (!entry.content || final.has(id)) continue;
    deletes.add(entry.content.path);
    deletes.add(dataPath(id.slice(0, -'/content'.length)));
    plan.deleted.push(entry.content.path);
  }
  // Paths dropped (StackEdit's files converted), unless a text is now there.
  const textPaths = new Set(paths.values());
  for (const path of draft.dropped) if (!textPaths.has(path)) deletes.add(path);
  // The images written: binary files beside the texts, which the manifest does not list.
  const imageShas = writeImages(draft, writes, plan);
  const manifestText = `${JSON.stringify(manifest, null, 1)}\n`;
  writes.set(GIT_MANIFEST_PATH, { path: GIT_MANIFEST_PATH, content: manifestText });

  const { files, changes } = treeChanges(base.files, writes, deletes, imageShas);
  return {
    changes,
    snapshot: {
      files,
      manifest,
      manifestSha: files.get(GIT_MANIFEST_PATH),
      view: workspaceView(manifest, files),
    },
    ...plan,
  };
}

/** The view a draft makes of its base (its entries set or removed), with its items other than
 * contents, by id, and the ids of the files that have a content. */
export function draftEntries(draft: GitDraft): {
  final: Map<string, ViewEntry>;
  items: Map<string, Item>;
  fileIds: string[];
} {
  const final = new Map<string, ViewEntry>(draft.base.view);
  for (const [id, entry] of draft.set) {
    if (entry) final.set(id, entry);
    else final.delete(id);
  }
  const items = new Map<string, Item>();
  const fileIds: string[] = [];
  for (const [id, entry] of final) {
    if (entry.content) fileIds.push(id.slice(0, -'/content'.length));
    else items.set(id, entry.item);
  }
  return { final, items, fileIds };
}

/** Adds the draft's images not yet in its base to `writes` (binary files beside the texts), and
 * names each in `plan`; gives their blob shas by path. */
export function writeImages(
  draft: GitDraft,
  writes: Map<string, GitTreeChange>,
  plan: { created: string[]; updated: string[] },
): Map<string, string> {
  const imageShas = new Map<string, string>();
  for (const [path, image] of draft.images) {
    if (writes.has(path) || draft.base.files.get(path) === image.sha) continue;
    writes.set(path, { path, content: image.content, encoding: 'base64' });
    imageShas.set(path, image.sha);
    (draft.base.files.has(path) ? plan.updated : plan.created).push(path);
  }
  return imageShas;
}

/** The tree changes of `writes` and `deletes` (a path written is not deleted; a path not there
 * is not deleted) on top of `baseFiles`, and the files after them (blob shas by path). */
export function treeChanges(
  baseFiles: ReadonlyMap<string, string>,
  writes: ReadonlyMap<string, GitTreeChange>,
  deletes: ReadonlySet<string>,
  imageShas: ReadonlyMap<string, string>,
): { files: Map<string, string>; changes: GitTreeChange[] } {
  const files = new Map(baseFiles);
  const changes: GitTreeChange[] = [];
  for (const path of deletes) {
    if (writes.has(path) || !files.has(path)) continue;
    files.delete(path);
    changes.push({ path, sha: null });
  }
  for (const change of writes.values()) {
    files.set(
      change.path,
      imageShas.get(change.path) ??
        ('content' in change ? gitBlobSha(utf8Bytes(change.content)) : change.sha!),
    );
    changes.push(change);
  }
  return { files, changes };
}
