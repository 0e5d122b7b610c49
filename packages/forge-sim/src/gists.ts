import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BareInits } from './bare-init.js';
import { git } from './git.js';

/** A gist: a real bare git repository of flat files, as on GitHub. */
export interface ForgeGist {
  /** 32 hexadecimal characters, as GitHub's. */
  id: string;
  owner: string;
  public: boolean;
  description: string | null;
  createdAt: string;
  updatedAt: string;
  gitDir: string;
}

/** The branch a gist's revisions are on. */
export const GIST_BRANCH = 'main';

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The gists, each a bare repository `{root}/{id}.git`. */
export class Gists {
  readonly #gists = new Map<string, ForgeGist>();
  readonly #locks = new Map<string, Promise<unknown>>();

  readonly #inits: BareInits | undefined;

  /** `templates`: as {@link Repositories}'s, a folder of the forge's own to make gists faster. */
  constructor(
    readonly root: string,
    templates?: string,
  ) {
    this.#inits = templates === undefined ? undefined : new BareInits(templates);
  }

  /** The gist `id`, if it exists. */
  get(id: string) {
    return this.#gists.get(id);
  }

  /** The gists of `owner` (case-insensitive). */
  ownedBy(owner: string) {
    return [...this.#gists.values()].filter(
      (gist) => gist.owner.toLowerCase() === owner.toLowerCase(),
    );
  }

  /** Creates an empty bare repository for a new gist of `owner`. */
  async create(options: { owner: string; public: boolean; description: string | null }) {
    const id = randomBytes(16).toString('hex');
    const gist: ForgeGist = {
      id,
      owner: options.owner,
      public: options.public,
      description: options.description,
      createdAt: now(),
      updatedAt: now(),
      gitDir: join(this.root, `${id}.git`),
    };
    if (this.#inits) {
      await this.#inits.init(gist.gitDir, GIST_BRANCH);
    } else {
      await mkdir(gist.gitDir, { recursive: true });
      await git(gist.gitDir, ['init', '--bare', '--quiet', `--initial-branch=${GIST_BRANCH}`]);
    }
    this.#gists.set(id, gist);
    return gist;
  }

  /** Forgets a gist that could not be written (its folder stays, unreferenced). */
  forget(id: string) {
    this.#gists.delete(id);
  }

  /** Marks the gist changed now. */
  touch(gist: ForgeGist) {
    gist.updatedAt = now();
  }

  /** Runs `task` alone among the writes of `gist`. */
  exclusive<T>(gist: ForgeGist, task: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(gist.id) ?? Promise.resolve();
    const run = previous.then(task, task);
    this.#locks.set(
      gist.id,
      run.catch(() => undefined),
    );
    return run;
  }
}
