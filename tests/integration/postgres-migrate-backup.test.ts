import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSource } from '../../server/src/db/migrations/index.js';
import { loadOrCreateSigningKey } from '../../server/src/identity/local/signing-key.js';
import { runOps } from '../support/ops-command.js';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.js';

let postgres: PostgresServer;
let dataDir: string;
beforeAll(async () => {
  postgres = await startPostgresServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-pg-ops-'));
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run migrate and backup on PostgreSQL (DATABASE_URL)', () => {
  it('lists pending then applied migrations, and backs up the signing key but points to pg_dump for the data', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: postgres.url };
    // Every migration the code lists: the count grows with each feature, so it is read, not written here.
    const count = (await migrationSource.getMigrations([])).length;
    const before = await runOps('migrate', ['--status'], env);
    expect(before).toContain('Database: PostgreSQL');
    expect(before).toContain('pending  0001_users_and_identity');
    expect(before).toContain(`0 applied, ${count} pending.`);

    expect(await runOps('migrate', [], env)).toMatch(/^Applied 0001_users_and_identity, /);
    const after = await runOps('migrate', ['--status'], env);
    expect(after).toContain('applied  0013_room_removals_and_host_grace');
    expect(after).toContain(`${count} applied, 0 pending.`);
    // PostgreSQL gets no file snapshot: pg_dump is the operator's copy (docs/operations.md "Upgrades").
    expect(existsSync(path.join(dataDir, 'backups'))).toBe(false);

    // The key the box makes at its first start: every API process on this database signs with it.
    await loadOrCreateSigningKey(path.join(dataDir, 'identity-signing-key.json'));
    const archive = path.join(dataDir, '..', `${path.basename(dataDir)}.tar`);
    try {
      const output = await runOps('backup', ['--out', archive], env);
      expect(output).toContain('copy it with pg_dump');
      const listing = execFileSync('tar', ['-tf', archive], { encoding: 'utf8' });
      expect(listing.trim().split('\n')).toEqual(['manifest.json', 'identity-signing-key.json']);
    } finally {
      rmSync(archive, { force: true });
    }
  });
});
