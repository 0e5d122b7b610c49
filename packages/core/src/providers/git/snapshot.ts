// A commit of a git workspace as read from the forge: its files under the workspace's folder,
// its manifest and the items they make.
import { GIT_TREE_TOO_BIG } from '../github/constants.js';
import { utf8Text } from './bytes.js';
import { type GitDataPort } from './git-data-port.js';
import { emptyManifest, type GitManifest, GIT_MANIFEST_PATH } from './layout.js';
import { type StackeditKeptInfo } from './stackedit-keep.js';
import { type WorkspaceView, workspaceView } from './workspace-view.js';

/** One commit of the workspace. `files` maps each blob path under the workspace's folder to its
 * sha; `view` is the items the commit holds. Never changed once made. */
export interface GitSnapshot {
  /** The commit's sha ('' for a branch without any commit). */
  commit: string;
  /** The root tree's sha ('' without a commit). */
  tree: string;
  files: ReadonlyMap<string, string>;
  manifest: GitManifest;
  manifestSha: string | undefined;
  view: WorkspaceView;
  /** Set when the commit is read in StackEdit's layout, kept as it is (stackedit-keep.ts). */
  stackedit?: StackeditKeptInfo;
}

/** The snapshot of a branch that has no commit yet. */
export const emptySnapshot = (): GitSnapshot => ({
  commit: '',
  tree: '',
  files: new Map(),
  manifest: emptyManifest(),
  manifestSha: undefined,
  view: new Map(),
});

/** A manifest that is not one (bad JSON, another version): refused rather than read as empty,
 * which would give every file a new id. */
export class InvalidManifestError extends Error {
  constructor(path: string) {
    super(`The workspace index ${path} can not be read.`);
    this.name = 'InvalidManifestError';
  }
}

/**
 * Reads a commit: its tree once, recursively (a truncated listing is refused with the spec's
 * 'Git tree too big…': files past it would look deleted), and the manifest blob unless
 * `known` already holds a manifest with the same sha.
 */
export async function readSnapshot(
  port: GitDataPort,
  commit: string,
  prefix: string,
  known: readonly GitSnapshot[],
): Promise<GitSnapshot> {
  const listing = await port.readTree(commit);
  if (listing.truncated) throw new Error(GIT_TREE_TOO_BIG);
  const files = new Map<string, string>();
  for (const entry of listing.entries) {
    if (entry.type === 'blob' && entry.path.startsWith(prefix)) {
      files.set(entry.path.slice(prefix.length), entry.sha);
    }
  }
  const manifestSha = files.get(GIT_MANIFEST_PATH);
  let manifest = known.find((snapshot) => snapshot.manifestSha === manifestSha)?.manifest;
  if (!manifest) {
    manifest =
      manifestSha === undefined
        ? emptyManifest()
        : parseManifest(utf8Text(await port.readBlob(manifestSha)), prefix + GIT_MANIFEST_PATH);
  }
  return {
    commit,
    tree: listing.sha,
    files,
    manifest,
    manifestSha,
    view: workspaceView(manifest, files),
  };
}

function parseManifest(text: string, path: string): GitManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InvalidManifestError(path);
  }
  const manifest = parsed as Partial<GitManifest> | null;
  if (
    typeof manifest !== 'object' ||
    manifest === null ||
    manifest.version !== 1 ||
    typeof manifest.seq !== 'number' ||
    typeof manifest.items !== 'object' ||
    typeof manifest.contents !== 'object'
  ) {
    throw new InvalidManifestError(path);
  }
  return manifest as GitManifest;
}
