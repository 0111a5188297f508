import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadApiConfig } from '../../server/src/config/load.js';
import { openDatabase, type Db } from '../../server/src/db/connect.js';
import { usersRepository } from '../../server/src/repositories/users.js';
import { startPostgresServer, type PostgresServer } from './postgres-server.js';

/**
 * Registers the hooks of a file that tests the API's database on a real PostgreSQL 15: a server of
 * its own, every migration applied through openDatabase, and a user row for each uid. Use `db`
 * inside hooks and tests.
 */
export function usePostgresDatabase(label: string, uids: readonly string[]): { readonly db: Db } {
  let postgres: PostgresServer | undefined;
  let dataDir: string | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    postgres = await startPostgresServer();
    dataDir = mkdtempSync(path.join(tmpdir(), `riffroom-pg-${label}-`));
    db = await openDatabase(
      loadApiConfig({}, { dataDir, logLevel: 'silent', database: { client: 'pg', connection: postgres.url } }),
    );
    for (const uid of uids) {
      await usersRepository(db).insert(uid, { user_email: `${uid}@example.test`, user_username: uid }, 0);
    }
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await postgres?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get db() {
      if (!db) throw new Error('the PostgreSQL database opens in beforeAll: use it inside a hook or a test');
      return db;
    },
  };
}
