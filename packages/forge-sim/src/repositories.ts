import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BareInits } from './bare-init.js';
import { git } from './git.js';
import { storeBlobs, writeCommit } from './object-store.js';
import { updateRef } from './ref-files.js';
import { buildTree } from './tree-builder.js';

/** A repository of the forge: a real bare git repository at `gitDir`. */
export interface ForgeRepo {
  id: number;
  owner: string;
  name: string;
  private: boolean;
  description: string | null;
  defaultBranch: string;
  /** Others may generate repositories from it (GitHub's `is_template`). */
  isTemplate: boolean;
  createdAt: string;
  gitDir: string;
}

/** Options of a new repository. */
export interface NewRepo {
  owner: string;
  name: string;
  private?: boolean;
  description?: string | null;
  /** Make a first commit (a README.md) on the default branch, as GitHub's auto_init. */
  autoInit?: boolean;
  /** A template repository (GitHub's `is_template`). */
  isTemplate?: boolean;
  /** The default branch; `main` when absent (Gitee's repositories start on `master`). */
  defaultBranch?: string;
}

const key = (owner: string, name: string) => `${owner.toLowerCase()}/${name.toLowerCase()}`;

/** The bare repositories under `root` (one folder per owner, `{name}.git` inside). */
export class Repositories {
  readonly #repos = new Map<string, ForgeRepo>();
  readonly #locks = new Map<string, Promise<unknown>>();
  #nextId = 5001;

  readonly #inits: BareInits | undefined;

  /** `templates`: a folder of the forge's own where git makes the first repository of each
   * default branch, the next ones copied from it ({@link BareInits}); each made by git when
   * absent. */
  constructor(
    readonly root: string,
    templates?: string,
  ) {
    this.#inits = templates === undefined ? undefined : new BareInits(templates);
  }

  /** The repository `owner/name` (case-insensitive), if it exists. */
  get(owner: string, name: string) {
    return this.#repos.get(key(owner, name));
  }

  /** The repository with the numeric `id` (GitLab's project id), if it exists. */
  byId(id: number) {
    return [...this.#repos.values()].find((repo) => repo.id === id);
  }

  /** The repositories of `owner` (case-insensitive). */
  ownedBy(owner: string) {
    return [...this.#repos.values()].filter(
      (repo) => repo.owner.toLowerCase() === owner.toLowerCase(),
    );
  }

  /** Creates a bare repository; throws when `owner/name` exists. */
  async create(options: NewRepo): Promise<ForgeRepo> {
    if (this.get(options.owner, options.name)) throw new Error('name already exists');
    const gitDir = join(this.root, options.owner, `${options.name}.git`);
    const repo: ForgeRepo = {
      id: this.#nextId++,
      owner: options.owner,
      name: options.name,
      private: options.private ?? false,
      description: options.description ?? null,
      defaultBranch: options.defaultBranch ?? 'main',
      isTemplate: options.isTemplate ?? false,
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      gitDir,
    };
    this.#repos.set(key(options.owner, options.name), repo);
    if (this.#inits) {
      await this.#inits.init(gitDir, repo.defaultBranch);
    } else {
      await mkdir(gitDir, { recursive: true });
      await git(gitDir, ['init', '--bare', '--quiet', `--initial-branch=${repo.defaultBranch}`]);
    }
    if (options.autoInit) {
      const [blob = ''] = await storeBlobs(gitDir, [`# ${repo.name}\n`]);
      const tree = await buildTree(gitDir, undefined, [
        ['README.md', { mode: '100644', sha: blob }],
      ]);
      const self = { name: repo.owner, email: `${repo.owner}@users.noreply.forge-sim` };
      const commit = await writeCommit(gitDir, {
        tree,
        parents: [],
        author: self,
        message: 'Initial commit\n',
      });
      await updateRef(gitDir, `refs/heads/${repo.defaultBranch}`, commit, { commit: true });
    }
    return repo;
  }

  /** Runs `task` alone among the tasks of `repo` (a ref's check and move are one step). */
  exclusive<T>(repo: ForgeRepo, task: () => Promise<T>): Promise<T> {
    const id = key(repo.owner, repo.name);
    const previous = this.#locks.get(id) ?? Promise.resolve();
    const run = previous.then(task, task);
    this.#locks.set(
      id,
      run.catch(() => undefined),
    );
    return run;
  }
}

/** The environment that makes `git commit-tree` sign as `name <email>` (at `date` when given). */
export function identityEnv(name: string, email: string, date?: string): Record<string, string> {
  return {
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: email,
    GIT_COMMITTER_NAME: name,
    GIT_COMMITTER_EMAIL: email,
    ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
  };
}
