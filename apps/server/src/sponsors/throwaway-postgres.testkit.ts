// A PostgreSQL cluster of its own for a test file: initdb into a temporary folder, started on a
// unix socket only (no TCP), stopped and deleted afterwards. Used by the tests only.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running throwaway cluster: its connection string, and `stop` to stop and delete it. */
export interface ThrowawayPostgres {
  connectionString: string;
  stop(): Promise<void>;
}

const BINARIES = ['initdb', 'pg_ctl', 'postgres'];

/** The first folder holding initdb, pg_ctl and postgres: PATH, /usr/local/bin, then Debian's
 * /usr/lib/postgresql/<version>/bin, newest version first. */
export function findPostgresBinaries(searchDirs?: string[]): string | undefined {
  if (searchDirs)
    return searchDirs.find((dir) => BINARIES.every((name) => existsSync(join(dir, name))));
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];
  const candidates = [
    ...(process.env.PATH ?? '').split(':').filter(Boolean),
    '/usr/local/bin',
    ...debian,
  ];
  return candidates.find((dir) => BINARIES.every((name) => existsSync(join(dir, name))));
}

/** initdb and postgres refuse to run as root: as root, the cluster runs as the `postgres` user
 * (Debian's package creates it) or else `nobody`, through runuser. */
function runAs(): { user: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const user of ['postgres', 'nobody']) {
    const entry = passwd.find((line) => line.startsWith(`${user}:`))?.split(':');
    if (entry) return { user, uid: Number(entry[2]), gid: Number(entry[3]) };
  }
  throw new Error('Running as root, and neither a "postgres" nor a "nobody" user exists.');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function failure(step: string, error: unknown, log?: string): Error {
  const output = (error as { stderr?: Buffer | string }).stderr?.toString().trim();
  const logText = log && existsSync(log) ? readFileSync(log, 'utf8').trim() : '';
  return new Error(
    `Could not start a throwaway PostgreSQL (${step}): ${(error as Error).message}` +
      (output ? `\n${output}` : '') +
      (logText ? `\nServer log:\n${logText}` : ''),
  );
}

/** Creates and starts a cluster; throws an error saying what failed when it cannot. */
export async function startThrowawayPostgres(
  options: { searchDirs?: string[] } = {},
): Promise<ThrowawayPostgres> {
  const bin = findPostgresBinaries(options.searchDirs);
  if (!bin) {
    throw new Error(
      'Could not start a throwaway PostgreSQL: no initdb, pg_ctl and postgres found on PATH, in ' +
        "/usr/local/bin or /usr/lib/postgresql/*/bin. Install Debian's postgresql package " +
        '(scripts/test.sh does when it is missing).',
    );
  }
  const as = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'inkstone-pg-'));
  if (as) chownSync(dir, as.uid, as.gid);
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const port = await freePort();
  const run = (binary: string, args: string[]) =>
    as
      ? execFileSync('runuser', ['-u', as.user, '--', join(bin, binary), ...args], {
          stdio: 'pipe',
          cwd: dir,
        })
      : execFileSync(join(bin, binary), args, { stdio: 'pipe', cwd: dir });
  try {
    run('initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw failure('initdb', error);
  }
  const serverOptions = `-k ${dir} -p ${port} -c listen_addresses='' -c fsync=off`;
  try {
    run('pg_ctl', ['-D', data, '-o', serverOptions, '-l', log, '-w', '-t', '30', 'start']);
  } catch (error) {
    const thrown = failure('pg_ctl start', error, log);
    rmSync(dir, { recursive: true, force: true });
    throw thrown;
  }
  return {
    connectionString: `postgresql://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
