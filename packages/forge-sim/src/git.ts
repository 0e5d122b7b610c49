import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A failed `git` command: its arguments, exit code and what it wrote to stderr. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args.join(' ')} failed (${code}): ${stderr.trim()}`);
    this.name = 'GitError';
  }
}

/** Options of one `git` run: what it reads on stdin and extra environment. */
export interface GitRunOptions {
  input?: string | Buffer;
  env?: Record<string, string>;
}

/** Runs the `git` CLI against the bare repository `gitDir` and resolves with its stdout. */
export function git(gitDir: string, args: readonly string[], options: GitRunOptions = {}) {
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn('git', ['--git-dir', gitDir, ...args], {
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new GitError(args, code, Buffer.concat(err).toString('utf8')));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** Runs `git` and gives its stdout as trimmed text. */
export async function gitText(gitDir: string, args: readonly string[], options?: GitRunOptions) {
  return (await git(gitDir, args, options)).toString('utf8').trim();
}

/**
 * Stores `contents` as blobs of the bare repository `gitDir` with one `git hash-object` for all
 * of them (a tree of a thousand inline files is one process, not a thousand), and gives their
 * shas in the same order.
 */
export async function writeBlobs(gitDir: string, contents: readonly (string | Buffer)[]) {
  if (contents.length === 0) return [];
  const folder = await mkdtemp(join(tmpdir(), 'forge-sim-blobs-'));
  try {
    const paths = contents.map((_, index) => join(folder, String(index)));
    await Promise.all(contents.map((content, index) => writeFile(paths[index] ?? '', content)));
    const out = await gitText(gitDir, ['hash-object', '-w', '--no-filters', '--stdin-paths'], {
      input: `${paths.join('\n')}\n`,
    });
    return out.split('\n');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
