import { spawn } from 'node:child_process';
import { ExportTimeoutError } from './chromium-pdf.js';

/** pandoc exited with an error; `stderr` says why. */
export class PandocError extends Error {
  constructor(
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`pandoc exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
  }
}

/** What pandoc writes to stderr is kept up to this size. */
const STDERR_CAP = 64 * 1024;
/** What pandoc writes to stdout is refused beyond this size. */
const STDOUT_CAP = 64 * 1024 * 1024;

/** Runs pandoc with `args` (no shell), `input` on stdin, in `cwd`; its stdout. Killed when
 * `deadline` (ms since the epoch) passes: ExportTimeoutError. */
export function runPandoc(
  pandocPath: string,
  args: string[],
  input: string,
  cwd: string,
  deadline: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(pandocPath, args, {
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      // No server secret reaches pandoc: only what it needs to run.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, LANG: 'C.UTF-8' },
    });
    const out: Buffer[] = [];
    let outSize = 0;
    let stderr = '';
    let failure: Error | undefined;
    const timer = setTimeout(
      () => {
        failure = new ExportTimeoutError();
        child.kill('SIGKILL');
      },
      Math.max(0, deadline - Date.now()),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      outSize += chunk.length;
      if (outSize > STDOUT_CAP) {
        failure = new PandocError(null, 'The output is too large.');
        child.kill('SIGKILL');
      } else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_CAP) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      failure ??= error;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else if (code !== 0) reject(new PandocError(code, stderr));
      else resolve(Buffer.concat(out));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
