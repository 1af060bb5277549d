import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of its own for a fault test: `initdb` into a temporary folder, served on
 * a free port, which the test may stop and start again. Nobody else's server is touched.
 */
export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  /** Stops the server at once (`pg_ctl stop -m immediate`), as a crash or a pulled plug would. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  dispose(): Promise<void>;
}

/** The newest PostgreSQL's binaries on this machine (Debian's layout), or null. */
function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** The uid and gid of the `postgres` account, which runs the server when we are root. */
function postgresAccount(): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const isRoot = () => process.getuid?.() === 0;

/** Why no throwaway cluster can be made here, or null when one can. */
export function throwawayPostgresUnavailable(): string | null {
  if (!binDir()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if (isRoot() && !postgresAccount()) {
    return 'running as root, and there is no postgres account to run the server as';
  }
  return null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** initdb, then start; a test calls `throwawayPostgresUnavailable` first. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir()!;
  const dir = mkdtempSync(join(tmpdir(), 'ipick-pg-'));
  const data = join(dir, 'data');
  const account = isRoot() ? postgresAccount() : null;
  if (account) chownSync(dir, account.uid, account.gid);
  // PostgreSQL refuses to run as root: as root, run its tools as the postgres account.
  const tool = (name: string, args: string[]) =>
    account
      ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args])
      : run(join(bin, name), args);
  const port = await freePort();

  await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const start = async () => {
    await tool('pg_ctl', ['start', '-D', data, '-w', '-s', '-l', join(dir, 'log'), '-o', options]);
  };
  const stop = async () => {
    await tool('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-s']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async dispose() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
