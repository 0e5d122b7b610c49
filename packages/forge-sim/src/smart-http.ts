import { execFileSync, spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { gitExecutable } from './git.js';

let backend: string | undefined;

/** git's CGI for the smart HTTP protocol, in the folder of git's own programs (`git
 * --exec-path`: /usr/lib/git-core on Debian, elsewhere on macOS or Windows), found once. */
export function httpBackend(): string {
  backend ??= join(
    execFileSync(gitExecutable(), ['--exec-path'], { encoding: 'utf8' }).trim(),
    'git-http-backend',
  );
  return backend;
}

/**
 * Serves git's smart HTTP (clone and fetch) through `git http-backend`, as a CGI: `pathInfo` is
 * `/{owner}/{repo}.git/info/refs` or `/{owner}/{repo}.git/git-upload-pack`, below `projectRoot`.
 * Pushes are refused (403): this step of the forge is read-only over git.
 */
export function serveSmartHttp(
  request: IncomingMessage,
  response: ServerResponse,
  options: { projectRoot: string; pathInfo: string; query: string; user: string | undefined },
) {
  if (/receive-pack/.test(options.pathInfo) || /service=git-receive-pack/.test(options.query)) {
    response.writeHead(403, { 'content-type': 'text/plain' });
    response.end('Pushing over git is not supported by forge-sim yet.\n');
    return;
  }
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    GIT_PROJECT_ROOT: options.projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    REQUEST_METHOD: request.method ?? 'GET',
    PATH_INFO: options.pathInfo,
    QUERY_STRING: options.query,
    CONTENT_TYPE: request.headers['content-type'] ?? '',
    REMOTE_ADDR: request.socket.remoteAddress ?? '',
    ...(options.user ? { REMOTE_USER: options.user } : {}),
    ...(request.headers['content-encoding']
      ? { HTTP_CONTENT_ENCODING: request.headers['content-encoding'] }
      : {}),
    ...(typeof request.headers['git-protocol'] === 'string'
      ? { GIT_PROTOCOL: request.headers['git-protocol'] }
      : {}),
  };
  const child = spawn(httpBackend(), [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  request.pipe(child.stdin);
  child.stdin.on('error', () => undefined);
  child.stderr.resume();
  let head = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersDone) {
      response.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const crlf = head.indexOf('\r\n\r\n');
    const lf = head.indexOf('\n\n');
    const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf + 4 : lf >= 0 ? lf + 2 : -1;
    if (end < 0) return;
    headersDone = true;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 200;
      else headers[name] = value;
    }
    response.writeHead(status, headers);
    response.write(head.subarray(end));
  });
  child.on('error', () => {
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
    response.end('git http-backend could not start\n');
  });
  child.on('close', () => {
    if (!headersDone && !response.headersSent) response.writeHead(500);
    response.end();
  });
}
