/**
 * The record of what `npm run demo` added: one row per demo row elsewhere (its table and key), in a
 * table of its own the command makes and `--remove` drops. Not a migration: a box that never ran
 * the demo never has it, and removing the demo leaves the schema exactly as the migrations made it.
 */
import type { Knex } from 'knex';

export const DEMO_ROWS_TABLE = 'demo_rows';

/** The tables whose rows the demo records by key; everything else hangs off the demo accounts. */
export type DemoTable = 'users' | 'local_accounts' | 'events';

export async function demoRowsExist(db: Knex): Promise<boolean> {
  if (!(await db.schema.hasTable(DEMO_ROWS_TABLE))) return false;
  const [row] = await db(DEMO_ROWS_TABLE).count<Array<{ n: number | string }>>({ n: '*' });
  return Number(row?.n ?? 0) > 0;
}

export async function ensureDemoRowsTable(db: Knex): Promise<void> {
  if (await db.schema.hasTable(DEMO_ROWS_TABLE)) return;
  await db.schema.createTable(DEMO_ROWS_TABLE, (t) => {
    t.string('table_name', 64).notNullable();
    t.string('row_key', 254).notNullable();
    t.primary(['table_name', 'row_key']);
  });
}

export async function recordDemoRow(db: Knex, table: DemoTable, key: string | number): Promise<void> {
  await db(DEMO_ROWS_TABLE).insert({ table_name: table, row_key: String(key) });
}

/** The keys the demo recorded for one table. */
export async function demoKeys(db: Knex, table: DemoTable): Promise<string[]> {
  if (!(await db.schema.hasTable(DEMO_ROWS_TABLE))) return [];
  const rows = await db(DEMO_ROWS_TABLE).where({ table_name: table }).select<Array<{ row_key: string }>>('row_key');
  return rows.map((row) => row.row_key);
}
