import { lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { git } from './git.js';
import { shareLayout } from './object-store.js';

/** A file or folder of a repository made by `git init`, kept to make the next ones. */
interface TemplateEntry {
  /** From the repository's folder, `/`-separated. */
  path: string;
  mode: number;
  /** Undefined for a folder. */
  bytes: Buffer | undefined;
}

interface Template {
  gitDir: string;
  entries: TemplateEntry[];
}

// A configuration that includes other files may do so by the repository's own path
// (`includeIf "gitdir:…"`), so repositories elsewhere may be made otherwise.
const INCLUDE = /^include(if\..*)?\.path$/i;

async function snapshot(gitDir: string): Promise<TemplateEntry[] | undefined> {
  const entries: TemplateEntry[] = [];
  const walk = async (folder: string, prefix: string): Promise<boolean> => {
    for (const name of (await readdir(folder)).sort()) {
      const path = join(folder, name);
      const stats = await lstat(path);
      const relative = `${prefix}${name}`;
      if (stats.isDirectory()) {
        entries.push({ path: relative, mode: stats.mode & 0o7777, bytes: undefined });
        if (!(await walk(path, `${relative}/`))) return false;
      } else if (stats.isFile()) {
        entries.push({ path: relative, mode: stats.mode & 0o7777, bytes: await readFile(path) });
      } else {
        return false;
      }
    }
    return true;
  };
  return (await walk(gitDir, '')) ? entries : undefined;
}

/**
 * Makes empty bare repositories as `git init --bare --quiet --initial-branch=<branch>` makes
 * them, one git process per branch name rather than one per repository: the first is made by
 * git in `folder` (a folder of the forge's own, on the same disk as its repositories), and each
 * next one is written as a copy of its files (git's templates, `config`, `HEAD`, the empty
 * `objects` and `refs`); what the forge learnt of the first's configuration (whether it may
 * write objects and refs itself) holds for the copies. git makes each one itself when a copy
 * could differ: the configuration includes other files (perhaps by the repository's path), the
 * first holds something else than folders and files, or the new repository's folder is not
 * empty (`git init` then keeps what is there).
 */
export class BareInits {
  readonly #templates = new Map<string, Promise<Template | undefined>>();
  #made = 0;

  constructor(readonly folder: string) {}

  /** Makes `gitDir` (its parent folders too) an empty bare repository on `branch`. */
  async init(gitDir: string, branch: string): Promise<void> {
    await mkdir(gitDir, { recursive: true });
    const template = await this.#template(branch);
    if (!template || (await readdir(gitDir)).length > 0) {
      await git(gitDir, ['init', '--bare', '--quiet', `--initial-branch=${branch}`]);
      return;
    }
    for (const entry of template.entries) {
      const path = join(gitDir, entry.path);
      if (entry.bytes === undefined) await mkdir(path, { mode: entry.mode });
      else await writeFile(path, entry.bytes, { mode: entry.mode, flag: 'wx' });
    }
    shareLayout(gitDir, template.gitDir);
  }

  #template(branch: string): Promise<Template | undefined> {
    let template = this.#templates.get(branch);
    if (!template) {
      template = (async () => {
        const gitDir = join(this.folder, `${this.#made++}.git`);
        await rm(gitDir, { recursive: true, force: true });
        await mkdir(gitDir, { recursive: true });
        await git(gitDir, ['init', '--bare', '--quiet', `--initial-branch=${branch}`]);
        const config = (await git(gitDir, ['config', '--list', '-z'])).toString('utf8');
        const includes = config
          .split('\0')
          .some((item) => INCLUDE.test(item.split('\n', 1)[0] ?? ''));
        if (includes) return undefined;
        const entries = await snapshot(gitDir);
        return entries ? { gitDir, entries } : undefined;
      })().catch(() => undefined);
      this.#templates.set(branch, template);
    }
    return template;
  }
}
