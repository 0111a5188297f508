import { describe } from 'vitest';
import { marketSearchScenario } from '../../server/src/testing/market-search-scenario.js';
import { usePostgresDatabase } from '../support/postgres-database.js';

// The scaled setup's search (design.md §9): the same scenario as on SQLite, on PostgreSQL 15's
// full-text search (tsvector, GIN, ts_rank), its documents kept by the migration's triggers.
const pg = usePostgresDatabase('market-search', []);

describe('marketplace search on PostgreSQL full-text', () => {
  marketSearchScenario(() => pg.db);
});
