import type { Knex } from 'knex';

/**
 * Marketplace search (issue 35, design.md §9): one document a person (name, username, bio, and the
 * titles, descriptions and equipment of their offers that are not paused), kept by triggers so
 * every path that changes a profile or an offer keeps it current, and built for the people already
 * there. SQLite: an FTS5 table ranked by bm25 with prefix indexes; PostgreSQL: a tsvector with a
 * GIN index ranked by ts_rank. The 'simple' configuration (no stemming) on both, so a query means
 * the same on either; prefix queries stand in for stemming and catch half-typed names.
 * market_people also holds each person's rating, which reviews keep.
 */
const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

// The text of a person's active offers; equipment is a JSON list, which both tokenizers split.
const sqliteOffersText = (uid: string) =>
  `COALESCE((SELECT group_concat(o.title || ' ' || o.description || ' ' || o.equipment, ' ')
     FROM offers o WHERE o.owner_uid = ${uid} AND o.paused = 0), '')`;

const sqliteRefresh = (uid: string) => `
  INSERT OR IGNORE INTO market_people (uid) SELECT ${uid} WHERE EXISTS (SELECT 1 FROM users WHERE firebase_uid = ${uid});
  DELETE FROM market_search WHERE rowid = (SELECT id FROM market_people WHERE uid = ${uid});
  INSERT INTO market_search (rowid, name, username, bio, offers)
    SELECT p.id, u.user_name, u.user_username, u.user_bio, ${sqliteOffersText(uid)}
    FROM users u JOIN market_people p ON p.uid = u.firebase_uid WHERE u.firebase_uid = ${uid};`;

async function upSqlite(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE market_people (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uid VARCHAR(128) NOT NULL UNIQUE REFERENCES users(firebase_uid) ON DELETE CASCADE,
    rating_avg REAL,
    rating_count INTEGER NOT NULL DEFAULT 0)`);
  await knex.raw(`CREATE VIRTUAL TABLE market_search USING fts5(
    name, username, bio, offers, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`);
  await knex.raw(
    `CREATE TRIGGER market_user_added AFTER INSERT ON users BEGIN ${sqliteRefresh('NEW.firebase_uid')} END`,
  );
  await knex.raw(`CREATE TRIGGER market_user_changed AFTER UPDATE OF user_name, user_username, user_bio ON users
    BEGIN ${sqliteRefresh('NEW.firebase_uid')} END`);
  await knex.raw(`CREATE TRIGGER market_user_removed BEFORE DELETE ON users BEGIN
    DELETE FROM market_search WHERE rowid = (SELECT id FROM market_people WHERE uid = OLD.firebase_uid); END`);
  await knex.raw(
    `CREATE TRIGGER market_offer_added AFTER INSERT ON offers BEGIN ${sqliteRefresh('NEW.owner_uid')} END`,
  );
  await knex.raw(
    `CREATE TRIGGER market_offer_changed AFTER UPDATE ON offers BEGIN ${sqliteRefresh('NEW.owner_uid')} END`,
  );
  await knex.raw(
    `CREATE TRIGGER market_offer_removed AFTER DELETE ON offers BEGIN ${sqliteRefresh('OLD.owner_uid')} END`,
  );
  await knex.raw('INSERT INTO market_people (uid) SELECT firebase_uid FROM users');
  await knex.raw(`INSERT INTO market_search (rowid, name, username, bio, offers)
    SELECT p.id, u.user_name, u.user_username, u.user_bio, ${sqliteOffersText('u.firebase_uid')}
    FROM users u JOIN market_people p ON p.uid = u.firebase_uid`);
}

async function upPostgres(knex: Knex): Promise<void> {
  // Accents are folded on both sides (searchTerms folds the query), as SQLite's remove_diacritics
  // does; unaccent ships with PostgreSQL and is a trusted extension a database owner may create.
  await knex.raw('CREATE EXTENSION IF NOT EXISTS unaccent');
  await knex.raw(`CREATE TABLE market_people (
    id SERIAL PRIMARY KEY,
    uid VARCHAR(128) NOT NULL UNIQUE REFERENCES users(firebase_uid) ON DELETE CASCADE,
    rating_avg DOUBLE PRECISION,
    rating_count INTEGER NOT NULL DEFAULT 0,
    document TSVECTOR NOT NULL DEFAULT ''::tsvector)`);
  await knex.raw('CREATE INDEX market_people_document_idx ON market_people USING GIN (document)');
  // Names weigh most (A), offers next (B), the bio least (C): ts_rank reads the weights.
  await knex.raw(`CREATE FUNCTION market_refresh(target TEXT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO market_people (uid) SELECT target WHERE EXISTS (SELECT 1 FROM users WHERE firebase_uid = target)
      ON CONFLICT (uid) DO NOTHING;
    UPDATE market_people p SET document =
        setweight(to_tsvector('simple', unaccent(u.user_name || ' ' || u.user_username)), 'A')
        || setweight(to_tsvector('simple', unaccent(COALESCE((SELECT string_agg(o.title || ' ' || o.description || ' ' || o.equipment, ' ')
             FROM offers o WHERE o.owner_uid = target AND NOT o.paused), ''))), 'B')
        || setweight(to_tsvector('simple', unaccent(u.user_bio)), 'C')
      FROM users u WHERE u.firebase_uid = target AND p.uid = target;
  $$`);
  await knex.raw(`CREATE FUNCTION market_user_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM market_refresh(NEW.firebase_uid); RETURN NULL; END $$`);
  await knex.raw(`CREATE FUNCTION market_offer_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN PERFORM market_refresh(OLD.owner_uid); ELSE PERFORM market_refresh(NEW.owner_uid); END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(
    `CREATE TRIGGER market_user_added AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION market_user_refresh()`,
  );
  await knex.raw(`CREATE TRIGGER market_user_changed AFTER UPDATE OF user_name, user_username, user_bio ON users
    FOR EACH ROW EXECUTE FUNCTION market_user_refresh()`);
  await knex.raw(`CREATE TRIGGER market_offer_changed AFTER INSERT OR UPDATE OR DELETE ON offers
    FOR EACH ROW EXECUTE FUNCTION market_offer_refresh()`);
  await knex.raw('INSERT INTO market_people (uid) SELECT firebase_uid FROM users');
  await knex.raw('SELECT market_refresh(uid) FROM market_people');
}

export async function up(knex: Knex): Promise<void> {
  await (isSqlite(knex) ? upSqlite(knex) : upPostgres(knex));
}

export async function down(knex: Knex): Promise<void> {
  if (isSqlite(knex)) {
    for (const trigger of [
      'market_user_added',
      'market_user_changed',
      'market_user_removed',
      'market_offer_added',
      'market_offer_changed',
      'market_offer_removed',
    ]) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
    await knex.raw('DROP TABLE market_search');
  } else {
    await knex.raw('DROP TRIGGER IF EXISTS market_user_added ON users');
    await knex.raw('DROP TRIGGER IF EXISTS market_user_changed ON users');
    await knex.raw('DROP TRIGGER IF EXISTS market_offer_changed ON offers');
    await knex.raw('DROP FUNCTION market_user_refresh, market_offer_refresh, market_refresh');
  }
  await knex.raw('DROP TABLE market_people');
}
