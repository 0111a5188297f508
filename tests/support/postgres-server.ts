import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './box.js';
import { until } from './until.js';

export interface PostgresServer {
  /** A connection string for the server's `postgres` database, as DATABASE_URL takes it. */
  url: string;
  stop(): Promise<void>;
}

// Debian's postgresql-15 keeps its server programs off PATH.
const BIN = '/usr/lib/postgresql/15/bin';

/**
 * A real PostgreSQL 15 server (Debian's package) of the test's own: a fresh cluster in a temporary
 * directory, loopback only, a free port, trust authentication for the `postgres` role. initdb
 * refuses to run as root, so as root the cluster belongs to the `postgres` system user the package
 * creates. Stopped with `pg_ctl stop`, then its directory is removed.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-postgres-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const [uid, gid] = [id('-u'), id('-g')];
    if (!uid || !gid) throw new Error('no postgres system user: is postgresql-15 installed?');
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  const port = await freePort();
  const run = (program: string, args: string[]) => {
    const binary = `${BIN}/${program}`;
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'pipe' });
    else execFileSync(binary, args, { stdio: 'pipe' });
  };
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      log,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    await until(() => spawnSync(`${BIN}/pg_isready`, ['-h', '127.0.0.1', '-p', String(port)]).status === 0, {
      timeoutMs: 20_000,
      what: 'PostgreSQL accepting connections',
    });
  } catch (error) {
    let serverLog = '';
    try {
      serverLog = readFileSync(log, 'utf8');
    } catch {
      // no log written yet
    }
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${String(error)}\n${serverLog}`, { cause: error });
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
