import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cachePreparedStatements } from './statement-cache.js';

describe('cachePreparedStatements', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('prepares each distinct SQL once and reuses the statement with new bindings', () => {
    db = new Database(':memory:');
    cachePreparedStatements(db);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    const insert = db.prepare('INSERT INTO t (name) VALUES (?)');
    expect(db.prepare('INSERT INTO t (name) VALUES (?)')).toBe(insert);
    db.prepare('INSERT INTO t (name) VALUES (?)').run('a');
    db.prepare('INSERT INTO t (name) VALUES (?)').run('b');
    expect(db.prepare('SELECT name FROM t WHERE id = ?').get(2)).toEqual({ name: 'b' });
    expect(db.prepare('SELECT name FROM t WHERE id = ?').get(1)).toEqual({ name: 'a' });
  });

  it('keeps answering correctly after the schema changes under a cached statement', () => {
    db = new Database(':memory:');
    cachePreparedStatements(db);
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a')");
    expect(db.prepare('SELECT * FROM t').all()).toEqual([{ id: 1, name: 'a' }]);
    db.exec("ALTER TABLE t ADD COLUMN role TEXT DEFAULT 'artist'");
    expect(db.prepare('SELECT * FROM t').all()).toEqual([{ id: 1, name: 'a', role: 'artist' }]);
  });

  it('keeps at most its capacity, dropping the least recently used statement', () => {
    db = new Database(':memory:');
    cachePreparedStatements(db, 2);
    const one = db.prepare('SELECT 1');
    const two = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(one);
    db.prepare('SELECT 3');
    expect(db.prepare('SELECT 1')).toBe(one);
    expect(db.prepare('SELECT 2')).not.toBe(two);
  });
});
