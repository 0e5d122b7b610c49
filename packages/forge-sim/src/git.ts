import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { readLocalObject } from './local-objects.js';

let executable: string | undefined;

/**
 * The `git` program, found once on PATH as an absolute path: a spawn of a bare `git` makes the
 * kernel try every PATH folder before git's (ten failed execs each on a developer's PATH), and
 * the forge spawns git thousands of times. Plain `git` (the spawn searches) when PATH has none
 * or on Windows, whose spawn also tries PATHEXT.
 */
export function gitExecutable(): string {
  if (executable !== undefined) return executable;
  executable = 'git';
  if (process.platform === 'win32') return executable;
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (!isAbsolute(folder)) continue;
    const candidate = join(folder, 'git');
    try {
      accessSync(candidate, constants.X_OK);
      if (!statSync(candidate).isFile()) continue;
    } catch {
      continue;
    }
    executable = candidate;
    break;
  }
  return executable;
}

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
    const child = spawn(gitExecutable(), ['--git-dir', gitDir, ...args], {
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

/** An object read by {@link readObject}: its full sha, type and (for `contents`) bytes. */
export interface GitObject {
  sha: string;
  type: string;
  size: number;
  bytes: Buffer;
}

interface BatchRequest {
  command: 'info' | 'contents';
  name: string;
  resolve(object: GitObject | undefined): void;
  reject(error: unknown): void;
}

const BATCH_ARGS = ['cat-file', '--batch-command'];

/**
 * One long-lived `git cat-file --batch-command` of a bare repository: object reads and revision
 * lookups in one process rather than one process each. Objects are written by other processes
 * meanwhile; git looks loose objects up on disk, rescans the packs when an object is not found,
 * and reads a ref's file (and the packed refs when they changed) on each lookup, so a reader
 * never answers from a stale view. A reader whose process ends (git died on an input) answers
 * that input with a {@link GitError} and sends the inputs queued behind it to a new process.
 */
class BatchReader {
  private readonly child;
  private readonly queue: BatchRequest[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private stderr = '';
  private ended = false;

  constructor(
    private readonly gitDir: string,
    private readonly onEnd: (reader: BatchReader) => void,
  ) {
    this.child = spawn(gitExecutable(), ['--git-dir', gitDir, ...BATCH_ARGS], {
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.hold(false);
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.child.stdin.on('error', () => undefined);
    this.child.on('error', (error) => this.end(error));
    this.child.on('close', (code) => this.end(new GitError(BATCH_ARGS, code, this.stderr)));
  }

  request(command: BatchRequest['command'], name: string) {
    return new Promise<GitObject | undefined>((resolve, reject) => {
      this.send({ command, name, resolve, reject });
    });
  }

  send(request: BatchRequest) {
    if (this.queue.length === 0) this.hold(true);
    this.queue.push(request);
    this.child.stdin.write(`${request.command} ${request.name}\n`);
  }

  // An idle reader keeps no process alive (its repository's forge closes it); a busy one does,
  // until its answers are in.
  private hold(busy: boolean) {
    const handles = [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as {
      ref?(): void;
      unref?(): void;
    }[];
    for (const handle of handles) {
      if (busy) handle.ref?.();
      else handle.unref?.();
    }
  }

  get closed() {
    return this.ended;
  }

  close() {
    if (this.ended) return;
    this.ended = true;
    this.onEnd(this);
    this.child.stdin.end();
    this.child.kill();
    for (const request of this.queue.splice(0)) {
      request.reject(new GitError(BATCH_ARGS, null, 'the repository was closed'));
    }
  }

  private parse() {
    for (;;) {
      const request = this.queue[0];
      const newline = this.buffer.indexOf(10);
      if (!request || newline < 0) {
        if (!request) this.hold(false);
        return;
      }
      const header = this.buffer.subarray(0, newline).toString('utf8');
      const match = /^([0-9a-f]{40,64}) (\S+) (\d+)$/.exec(header);
      if (!match) {
        // `<name> missing` or `<name> ambiguous`
        this.buffer = this.buffer.subarray(newline + 1);
        this.queue.shift();
        request.resolve(undefined);
        continue;
      }
      const [, sha = '', type = '', sizeText = '0'] = match;
      const size = Number(sizeText);
      if (request.command === 'info') {
        this.buffer = this.buffer.subarray(newline + 1);
        this.queue.shift();
        request.resolve({ sha, type, size, bytes: Buffer.alloc(0) });
        continue;
      }
      const end = newline + 1 + size;
      if (this.buffer.length < end + 1) return;
      const bytes = Buffer.from(this.buffer.subarray(newline + 1, end));
      this.buffer = this.buffer.subarray(end + 1);
      this.queue.shift();
      request.resolve({ sha, type, size, bytes });
    }
  }

  private end(error: unknown) {
    if (this.ended) return;
    this.ended = true;
    this.onEnd(this);
    const [first, ...rest] = this.queue.splice(0);
    first?.reject(error);
    // The inputs behind the one git died on go to a new process.
    for (const request of rest) batchReader(this.gitDir).send(request);
  }
}

const readers = new Map<string, BatchReader>();

function batchReader(gitDir: string): BatchReader {
  let reader = readers.get(gitDir);
  if (!reader || reader.closed) {
    reader = new BatchReader(gitDir, (ended) => {
      if (readers.get(gitDir) === ended) readers.delete(gitDir);
    });
    readers.set(gitDir, reader);
  }
  return reader;
}

/** Whether `name` can be sent to `cat-file --batch-command` as one input line. */
const batchName = (name: string) => name !== '' && !/[\n\r\0]/.test(name);

/**
 * The object `name` names in the bare repository `gitDir` (a sha, or any revision git reads:
 * `main^{commit}`, `main:README.md`), with its bytes, or undefined when there is none; read from
 * the repository's files when they answer as git would ({@link readLocalObject}: a loose object,
 * a plain ref), else by the repository's long-lived `cat-file --batch-command`. A name git dies on rejects with a
 * {@link GitError}, as a `git cat-file` of it would.
 */
export function readObject(gitDir: string, name: string): Promise<GitObject | undefined> {
  if (!batchName(name)) return Promise.resolve(undefined);
  const local = readLocalObject(gitDir, name, true);
  if (local !== undefined) return Promise.resolve(local ?? undefined);
  return batchReader(gitDir).request('contents', name);
}

/** Like {@link readObject}, without the bytes (`cat-file -t`, `rev-parse --verify`). */
export function objectInfo(gitDir: string, name: string): Promise<GitObject | undefined> {
  if (!batchName(name)) return Promise.resolve(undefined);
  const local = readLocalObject(gitDir, name, false);
  if (local !== undefined) return Promise.resolve(local ?? undefined);
  return batchReader(gitDir).request('info', name);
}

/** Ends the long-lived readers of the repositories in `folder` (all when absent): a removed
 * repository's, or every one when the forge closes. */
export function closeObjectReaders(folder?: string) {
  for (const [gitDir, reader] of readers) {
    if (folder === undefined || gitDir === folder || gitDir.startsWith(`${folder}/`)) {
      reader.close();
    }
  }
}

/** The bytes of the blob `name` (`git cat-file blob`); a {@link GitError} when it is none. */
export async function blobBytesOf(gitDir: string, name: string): Promise<Buffer> {
  return (await typedObject(gitDir, name, 'blob')).bytes;
}

/** The bytes of the commit `name` (`git cat-file commit`); a {@link GitError} when it is none. */
export async function readCommitBytes(gitDir: string, name: string): Promise<Buffer> {
  return (await typedObject(gitDir, name, 'commit')).bytes;
}

async function typedObject(gitDir: string, name: string, type: string) {
  const object = await readObject(gitDir, name);
  if (object?.type !== type) {
    throw new GitError(['cat-file', type, name], 128, `fatal: Not a valid object name ${name}`);
  }
  return object;
}

/**
 * Whether the bare repository `gitDir` has a ref under `prefix` (`refs/`: any ref, as a
 * `git for-each-ref --count=1` lists; `refs/heads/`: a branch), read from its ref files (the
 * packed refs and the loose ones) rather than by a git process: asked on nearly every request.
 */
export async function hasRefs(gitDir: string, prefix = 'refs/'): Promise<boolean> {
  const packed = await readFile(join(gitDir, 'packed-refs'), 'utf8').catch(() => '');
  const packedRef = new RegExp(
    `^[0-9a-f]{40,64} ${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    'm',
  );
  if (packedRef.test(packed)) return true;
  const looseRef = async (folder: string): Promise<boolean> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isFile() && !entry.name.endsWith('.lock')) return true;
      if (entry.isDirectory() && (await looseRef(join(folder, entry.name)))) return true;
    }
    return false;
  };
  return looseRef(join(gitDir, prefix));
}

/**
 * The objects the refs of the bare repository `gitDir` point at (`git log --all`'s starting
 * points: every ref under refs/ and a detached HEAD), read from its ref files (loose refs over
 * the packed ones; a symbolic ref adds nothing, its target is a ref itself), or undefined when
 * the refs are not kept in files git writes this way.
 */
export async function refTargets(gitDir: string): Promise<Set<string> | undefined> {
  const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
  const byName = new Map<string, string>();
  const packed = await readFile(join(gitDir, 'packed-refs'), 'utf8').catch(() => '');
  for (const line of packed.split('\n')) {
    if (line === '' || line.startsWith('#') || line.startsWith('^')) continue;
    const [sha = '', name = ''] = line.split(' ');
    if (!SHA.test(sha) || !name.startsWith('refs/')) return undefined;
    byName.set(name, sha);
  }
  const loose = async (folder: string, prefix: string): Promise<boolean> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => undefined);
    if (!entries) return prefix !== 'refs/';
    for (const entry of entries) {
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        if (!(await loose(join(folder, entry.name), `${name}/`))) return false;
      } else if (entry.isFile() && !entry.name.endsWith('.lock')) {
        const text = (await readFile(join(folder, entry.name), 'utf8').catch(() => '')).trim();
        if (SHA.test(text)) byName.set(name, text);
        else if (!text.startsWith('ref: refs/')) return false;
      }
    }
    return true;
  };
  if (!(await loose(join(gitDir, 'refs'), 'refs/'))) return undefined;
  const targets = new Set(byName.values());
  const head = (await readFile(join(gitDir, 'HEAD'), 'utf8').catch(() => '')).trim();
  if (SHA.test(head)) targets.add(head);
  else if (!head.startsWith('ref: refs/')) return undefined;
  return targets;
}
